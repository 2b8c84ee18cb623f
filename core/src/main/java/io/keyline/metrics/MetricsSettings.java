package io.keyline.metrics;

import java.time.Duration;

/**
 * What the metrics keep. Immutable.
 *
 * @param enabled             whether metrics are kept at all ({@code --metrics off}: nothing is recorded)
 * @param minuteRetention     how long one-minute data points are kept (CloudWatch-style; default 3 h)
 * @param secondRetention     how long one-second data points are kept (for a live view; default 15 min)
 * @param throttleLogInterval at most one throttle explanation per table or GSI in this interval
 */
public record MetricsSettings(boolean enabled, Duration minuteRetention, Duration secondRetention,
                              Duration throttleLogInterval) {
    public static final Duration DEFAULT_MINUTE_RETENTION = Duration.ofHours(3);
    public static final Duration DEFAULT_SECOND_RETENTION = Duration.ofMinutes(15);
    public static final Duration DEFAULT_THROTTLE_LOG_INTERVAL = Duration.ofSeconds(1);

    public MetricsSettings {
        if (minuteRetention.compareTo(Duration.ofMinutes(1)) < 0 || secondRetention.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("metrics retention must be at least a minute (and a second)");
        }
    }

    public static MetricsSettings defaults() {
        return new MetricsSettings(true, DEFAULT_MINUTE_RETENTION, DEFAULT_SECOND_RETENTION, DEFAULT_THROTTLE_LOG_INTERVAL);
    }

    public static MetricsSettings off() { return defaults().withEnabled(false); }

    public MetricsSettings withEnabled(boolean on) {
        return new MetricsSettings(on, minuteRetention, secondRetention, throttleLogInterval);
    }

    /** Retention of both resolutions: minutes for {@code minutes}, seconds for {@code seconds}. */
    public MetricsSettings withRetention(Duration minutes, Duration seconds) {
        return new MetricsSettings(enabled, minutes, seconds, throttleLogInterval);
    }

    int minuteSlots() { return (int) Math.max(1, minuteRetention.toMinutes()); }

    int secondSlots() { return (int) Math.max(1, secondRetention.toSeconds()); }
}
