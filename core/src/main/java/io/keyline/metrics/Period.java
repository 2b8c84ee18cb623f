package io.keyline.metrics;

/** The two resolutions the store keeps: one second (for a live view) and one minute (CloudWatch's). */
public enum Period {
    SECOND(1_000L), MINUTE(60_000L);

    private final long millis;

    Period(long millis) { this.millis = millis; }

    public long millis() { return millis; }

    public long seconds() { return millis / 1_000L; }

    /** The period of CloudWatch's {@code Period} in seconds: 1 is SECOND, 60 and its multiples MINUTE, else null. */
    public static Period ofSeconds(long seconds) {
        if (seconds == 1) return SECOND;
        return seconds >= 60 && seconds % 60 == 0 ? MINUTE : null;
    }
}
