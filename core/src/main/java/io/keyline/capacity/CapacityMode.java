package io.keyline.capacity;

/** How the model acts on its measurements (DESIGN.md "Partitions and capacity"). */
public enum CapacityMode {
    /** DynamoDB's behaviour: requests over a limit are throttled. The default. */
    ENFORCE,
    /** Measure and report, including would-be throttles, but never reject. */
    ACCOUNT,
    /** No bookkeeping at all: every request is admitted and nothing is counted. */
    OFF
}
