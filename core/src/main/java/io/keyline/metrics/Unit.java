package io.keyline.metrics;

/** CloudWatch's unit of a metric, as its {@code Unit} field spells it. */
public enum Unit {
    COUNT("Count"), MILLISECONDS("Milliseconds"), PERCENT("Percent"), BYTES("Bytes");

    private final String cloudWatch;

    Unit(String cloudWatch) { this.cloudWatch = cloudWatch; }

    public String cloudWatch() { return cloudWatch; }
}
