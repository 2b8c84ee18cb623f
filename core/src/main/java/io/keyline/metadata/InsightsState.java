package io.keyline.metadata;

import java.time.Instant;

/**
 * The Contributor Insights state of one table or GSI, as UpdateContributorInsights left it.
 * Immutable. A transient status (ENABLING, DISABLING) is stored with {@code statusUntil}, the
 * instant it settles; {@link #resolvedAt} applies it lazily against the clock, as the catalog
 * does for a table's CREATING, so no background thread is needed
 * (docs/RULES.md#INSIGHTS-STATUS).
 *
 * @param mode        the mode last asked for (kept, as DynamoDB keeps it, once DISABLED)
 * @param lastUpdate  when the status last changed (LastUpdateDateTime)
 * @param statusUntil when ENABLING or DISABLING settles, or null when settled
 * @param rulesCreated when the resource's rules were created, in epoch milliseconds: the suffix
 *                    of their names (docs/RULES.md#INSIGHTS-RULE-NAMES); a mode change keeps it
 * @param failureName the ExceptionName an ENABLE settles into FAILED with, or null
 * @param failureDescription its ExceptionDescription, or null
 */
public record InsightsState(InsightsStatus status, InsightsMode mode, Instant lastUpdate, Instant statusUntil,
                            long rulesCreated, String failureName, String failureDescription) {

    /** The state at {@code now}: a transient status whose instant has passed is settled. */
    public InsightsState resolvedAt(Instant now) {
        if (statusUntil == null || now.isBefore(statusUntil)) return this;
        InsightsStatus settled = switch (status) {
            case ENABLING -> failureName != null ? InsightsStatus.FAILED : InsightsStatus.ENABLED;
            case DISABLING -> InsightsStatus.DISABLED;
            default -> status;
        };
        boolean keepFailure = settled == InsightsStatus.FAILED;
        return new InsightsState(settled, mode, statusUntil, null, rulesCreated,
                keepFailure ? failureName : null, keepFailure ? failureDescription : null);
    }

    /**
     * Whether requests are counted at {@code now}: its rules exist (ENABLED, or DISABLING until
     * DISABLED). Allocates nothing: the request path asks it on every access of a counting table.
     */
    public boolean collectingAt(Instant now) {
        boolean settled = statusUntil == null || !now.isBefore(statusUntil);
        return switch (status) {
            case ENABLED -> true;
            case DISABLING -> !settled;
            case ENABLING -> settled && failureName == null;
            default -> false;
        };
    }
}
