package io.keyline.simulator.advice;

/** How much a finding matters, most first (the report lists findings in this order). */
public enum Severity {
    /** requests are refused now: throttled or failing */
    CRITICAL,
    /** nothing fails yet, but the design caps growth or costs more than it must */
    WARNING,
    /** advice: a cheaper or simpler choice for this traffic */
    INFO
}
