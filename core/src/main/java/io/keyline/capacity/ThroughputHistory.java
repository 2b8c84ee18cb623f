package io.keyline.capacity;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The UpdateTable history of one table or GSI that DynamoDB's change rules need (docs/RULES.md#UPDATE-DECREASES, #UPDATE-ON-DEMAND-SWITCH): the
 * provisioned-throughput decreases of the current UTC day, and the recent switches to on-demand.
 * Table and GSI budgets are separate. Thread-safe: every method synchronizes on this object.
 */
final class ThroughputHistory {
    /** Format recalled from the service (inferred): the day and time in the decrease-limit message. */
    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("EEEE, MMMM d, yyyy h:mm:ss a 'UTC'", Locale.US).withZone(ZoneOffset.UTC);

    private final List<Instant> decreases = new ArrayList<>();
    private final List<Instant> switchesToOnDemand = new ArrayList<>();

    /** Null if a decrease is allowed now, else the LimitExceededException message. */
    synchronized String checkDecrease(Instant now) {
        pruneDecreases(now);
        int today = decreases.size();
        if (today < Rules.FREE_DECREASES_PER_DAY) return null;
        Instant last = decreases.get(today - 1);
        Instant next = last.plus(Rules.DECREASE_INTERVAL);
        if (today < Rules.MAX_DECREASES_PER_DAY && !now.isBefore(next)) return null;
        if (today >= Rules.MAX_DECREASES_PER_DAY) next = now.atZone(ZoneOffset.UTC).toLocalDate().plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC);
        return "Subscriber limit exceeded: Provisioned throughput decreases are limited within a given UTC day. "
                + "After the first " + Rules.FREE_DECREASES_PER_DAY + " decreases, each subsequent decrease in the same "
                + "UTC day can be performed at most once every " + Rules.DECREASE_INTERVAL.toSeconds() + " seconds. "
                + "Number of decreases today: " + today + ". Last decrease at " + WHEN.format(last)
                + ". Next decrease can be made at " + WHEN.format(next);
    }

    synchronized void recordDecrease(Instant now) {
        pruneDecreases(now);
        decreases.add(now);
    }

    /** Null if switching to on-demand is allowed now, else the LimitExceededException message (its text inferred). */
    synchronized String checkSwitchToOnDemand(Instant now) {
        pruneSwitches(now);
        if (switchesToOnDemand.size() < Rules.ON_DEMAND_SWITCHES_PER_WINDOW) return null;
        return "Subscriber limit exceeded: Billing mode can be updated to PAY_PER_REQUEST at most "
                + Rules.ON_DEMAND_SWITCHES_PER_WINDOW + " times in a " + Rules.ON_DEMAND_SWITCH_WINDOW.toHours()
                + "-hour window. Next update can be made at "
                + WHEN.format(switchesToOnDemand.get(0).plus(Rules.ON_DEMAND_SWITCH_WINDOW));
    }

    synchronized void recordSwitchToOnDemand(Instant now) {
        pruneSwitches(now);
        switchesToOnDemand.add(now);
    }

    synchronized int decreasesToday(Instant now) {
        pruneDecreases(now);
        return decreases.size();
    }

    private void pruneDecreases(Instant now) {
        Instant midnight = now.atZone(ZoneOffset.UTC).toLocalDate().atStartOfDay().toInstant(ZoneOffset.UTC);
        decreases.removeIf(t -> t.isBefore(midnight));
    }

    private void pruneSwitches(Instant now) {
        Instant from = now.minus(Rules.ON_DEMAND_SWITCH_WINDOW);
        switchesToOnDemand.removeIf(t -> !t.isAfter(from));
    }

    static boolean isDecrease(Throughput from, Throughput to) {
        return !from.onDemandMode() && !to.onDemandMode() && (to.read() < from.read() || to.write() < from.write());
    }

}
