package io.keyline.engine.config;

import java.time.Duration;

/**
 * How Time to Live behaves on this server. Immutable.
 *
 * @param deletionDelay  how long after its expiry time an item may still be there: the expirer
 *                       looks for expired items this often ({@code --ttl-delay}; DynamoDB: typically
 *                       within days, docs/RULES.md#TTL-DELETION-DELAY; default {@link #DEFAULT_DELETION_DELAY};
 *                       0 runs passes back to back, 10 ms apart)
 * @param statusDelay    how long UpdateTimeToLive's ENABLING and DISABLING last before ENABLED and
 *                       DISABLED (default 0: settled at the next call, which is what ScyllaDB's suite
 *                       saw on DynamoDB; docs/RULES.md#TTL-STATUS)
 * @param changeInterval after a change, how long another change of the table's setting is refused
 *                       (DynamoDB: one hour, docs/RULES.md#TTL-CHANGE-RATE)
 */
public record TimeToLiveSettings(Duration deletionDelay, Duration statusDelay, Duration changeInterval) {
    /** A few seconds: short enough for tests and demos to see items go, long enough to see them linger. */
    public static final Duration DEFAULT_DELETION_DELAY = Duration.ofSeconds(2);
    /** docs/RULES.md#TTL-CHANGE-RATE: one hour. */
    public static final Duration DEFAULT_CHANGE_INTERVAL = Duration.ofHours(1);

    public TimeToLiveSettings {
        if (deletionDelay.isNegative() || statusDelay.isNegative() || changeInterval.isNegative()) {
            throw new IllegalArgumentException("TTL durations must not be negative");
        }
    }

    public static TimeToLiveSettings defaults() {
        return new TimeToLiveSettings(DEFAULT_DELETION_DELAY, Duration.ZERO, DEFAULT_CHANGE_INTERVAL);
    }

    public TimeToLiveSettings withDeletionDelay(Duration d) { return new TimeToLiveSettings(d, statusDelay, changeInterval); }

    public TimeToLiveSettings withStatusDelay(Duration d) { return new TimeToLiveSettings(deletionDelay, d, changeInterval); }

    public TimeToLiveSettings withChangeInterval(Duration d) { return new TimeToLiveSettings(deletionDelay, statusDelay, d); }
}
