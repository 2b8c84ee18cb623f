package io.keyline.metadata;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * Provisioned capacity of a table or GSI and the history DynamoDB reports with it. On-demand
 * tables carry 0/0, as DynamoDB describes them. {@code decreasesOnLastDecreaseDay} counts the
 * decreases of the UTC day of {@code lastDecrease}; {@link #decreasesToday} resets it when the
 * day has turned. Immutable.
 */
public record ProvisionedThroughputState(
        long readCapacityUnits,
        long writeCapacityUnits,
        Instant lastIncrease,
        Instant lastDecrease,
        int decreasesOnLastDecreaseDay) {

    /** docs/RULES.md#UPDATE-DECREASES: 4 decreases at any time in a UTC day. */
    public static final int FREE_DECREASES_PER_DAY = 4;
    /** docs/RULES.md#UPDATE-DECREASES: after those, one more decrease if none happened in the past hour ... */
    public static final Duration DECREASE_WINDOW = Duration.ofHours(1);
    /** docs/RULES.md#UPDATE-DECREASES: ... which caps decreases at 27 a UTC day. */
    public static final int MAX_DECREASES_PER_DAY = 27;

    public static final ProvisionedThroughputState ON_DEMAND = new ProvisionedThroughputState(0, 0, null, null, 0);

    public static ProvisionedThroughputState of(long read, long write) {
        return new ProvisionedThroughputState(read, write, null, null, 0);
    }

    /** NumberOfDecreasesToday as of {@code now}. */
    public int decreasesToday(Instant now) {
        if (lastDecrease == null || !day(lastDecrease).equals(day(now))) return 0;
        return decreasesOnLastDecreaseDay;
    }

    /** Whether DynamoDB's daily budget allows one more decrease at {@code now}. */
    public boolean decreaseAllowed(Instant now) {
        int today = decreasesToday(now);
        if (today < FREE_DECREASES_PER_DAY) return true;
        if (today >= MAX_DECREASES_PER_DAY) return false;
        return lastDecrease.plus(DECREASE_WINDOW).compareTo(now) <= 0;
    }

    /** When the next decrease becomes possible (for the LimitExceededException message). */
    public Instant nextDecreaseAllowed(Instant now) {
        int today = decreasesToday(now);
        if (today < FREE_DECREASES_PER_DAY) return now;
        Instant afterWindow = lastDecrease.plus(DECREASE_WINDOW);
        if (today < MAX_DECREASES_PER_DAY) return afterWindow.isAfter(now) ? afterWindow : now;
        return day(now).plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC);
    }

    /**
     * The state after changing to {@code read}/{@code write} at {@code now}: an increase of either
     * value stamps LastIncreaseDateTime, a decrease of either stamps LastDecreaseDateTime and
     * counts once against the day's budget.
     */
    public ProvisionedThroughputState changedTo(long read, long write, Instant now) {
        boolean increase = read > readCapacityUnits || write > writeCapacityUnits;
        boolean decrease = read < readCapacityUnits || write < writeCapacityUnits;
        return new ProvisionedThroughputState(read, write,
                increase ? now : lastIncrease,
                decrease ? now : lastDecrease,
                decrease ? decreasesToday(now) + 1 : decreasesOnLastDecreaseDay);
    }

    public boolean isDecrease(long read, long write) {
        return read < readCapacityUnits || write < writeCapacityUnits;
    }

    private static LocalDate day(Instant t) { return t.atZone(ZoneOffset.UTC).toLocalDate(); }
}
