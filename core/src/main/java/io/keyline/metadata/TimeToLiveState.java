package io.keyline.metadata;

import java.time.Instant;

/**
 * A table's Time to Live setting, as UpdateTimeToLive left it. Immutable. A transient status
 * (ENABLING, DISABLING) is stored with {@code statusUntil}, the instant it settles, and
 * {@link #resolvedAt} applies it lazily against the clock, as the catalog does for a table's
 * CREATING, so no background thread is needed (docs/RULES.md#TTL-STATUS). A table that was
 * never configured has no state at all ({@link TableMetadata#timeToLive()} is null), which reads
 * as DISABLED.
 *
 * @param status        the status at {@code lastChange}
 * @param attributeName the attribute holding each item's expiry time, last asked for (kept, as the
 *                      record of the last change, once DISABLED; DescribeTimeToLive then omits it)
 * @param lastChange    when UpdateTimeToLive last changed the setting: the start of the interval in
 *                      which another change is refused (docs/RULES.md#TTL-CHANGE-RATE)
 * @param statusUntil   when ENABLING or DISABLING settles, or null when settled
 */
public record TimeToLiveState(TimeToLiveStatus status, String attributeName, Instant lastChange, Instant statusUntil) {

    /** The state at {@code now}: a transient status whose instant has passed is settled. */
    public TimeToLiveState resolvedAt(Instant now) {
        if (statusUntil == null || now.isBefore(statusUntil)) return this;
        TimeToLiveStatus settled = status == TimeToLiveStatus.ENABLING ? TimeToLiveStatus.ENABLED
                : status == TimeToLiveStatus.DISABLING ? TimeToLiveStatus.DISABLED : status;
        return new TimeToLiveState(settled, attributeName, lastChange, null);
    }

    /** Whether the setting names an attribute at {@code now}: ENABLING, ENABLED or DISABLING. */
    public boolean activeAt(Instant now) { return resolvedAt(now).status != TimeToLiveStatus.DISABLED; }

    /** Whether items expire at {@code now}: only once ENABLED, until DISABLING starts. */
    public boolean expiringAt(Instant now) { return resolvedAt(now).status == TimeToLiveStatus.ENABLED; }
}
