package io.keyline.reliability.crash;

import java.time.Duration;
import java.util.List;

/**
 * The figures of a crash-harness run, as docs/RELIABILITY.md records them. The goal of every
 * finding is 0, {@code appliedTwiceAfterRestart} included: ClientRequestTokens are written with
 * their transaction (docs/RULES.md#TX-IDEMPOTENCY-DURABLE), so a retry after a kill must be
 * answered, not applied again.
 */
public record CrashReport(int cycles, long seed, int writers, Duration elapsed, long acknowledgedWrites, long lostReplies,
                          long serverErrors, long transactionsAcknowledged, long transactionReplays,
                          long transactionRetriesAfterRestart, long idempotencyMismatches, long itemsChecked,
                          int lostWrites, int lostTransactions, int halfApplied, int appliedTwiceSameLife,
                          int appliedTwiceAfterRestart, int gsiMismatchCycles, int lsiMismatchCycles, List<String> details,
                          int appliedAgainPastWindow) {

    /** The report of a run: the writers' ledgers summed, and what the final check found. */
    static CrashReport of(int cycles, long seed, int writers, Duration elapsed, List<Ledger> ledgers, CrashCheck check) {
        long acked = 0, lost = 0, errors = 0, txAcked = 0, replays = 0, retries = 0, mismatches = 0;
        for (Ledger l : ledgers) {
            acked += l.acknowledgedWrites;
            lost += l.lostReplies;
            errors += l.serverErrors;
            txAcked += l.transactionsAcknowledged;
            replays += l.transactionReplays;
            retries += l.transactionRetriesAfterRestart;
            mismatches += l.idempotencyMismatches;
        }
        return new CrashReport(cycles, seed, writers, elapsed, acked, lost, errors, txAcked, replays, retries, mismatches,
                check.itemsChecked, check.lostWrites.size(), check.lostTransactions.size(), check.halfApplied.size(),
                check.appliedTwiceSameLife.size(), check.appliedTwiceAfterRestart.size(), check.gsiMismatchCycles,
                check.lsiMismatchCycles, List.copyOf(check.details), check.appliedAgainPastWindow.size());
    }

    /** True when nothing acknowledged was lost, no transaction was half applied or applied twice, and the indexes matched. */
    public boolean clean() {
        return lostWrites == 0 && lostTransactions == 0 && halfApplied == 0 && appliedTwiceSameLife == 0
                && appliedTwiceAfterRestart == 0 && gsiMismatchCycles == 0 && lsiMismatchCycles == 0 && idempotencyMismatches == 0;
    }

    public String render() {
        StringBuilder sb = new StringBuilder();
        sb.append("crash harness: ").append(cycles).append(" SIGKILL cycles, ").append(writers).append(" writers, seed ")
                .append(seed).append(", ").append(elapsed.toSeconds()).append(" s\n");
        line(sb, "acknowledged single-item writes", acknowledgedWrites);
        line(sb, "acknowledged transactions", transactionsAcknowledged);
        line(sb, "replies lost to a kill (outcome unknown)", lostReplies);
        line(sb, "server errors (5xx)", serverErrors);
        line(sb, "transactions replayed with their token in the same life", transactionReplays);
        line(sb, "transactions retried with their token after a restart", transactionRetriesAfterRestart);
        line(sb, "items in the table at the last check", itemsChecked);
        line(sb, "acknowledged writes lost (goal 0)", lostWrites);
        line(sb, "acknowledged transactions lost (goal 0)", lostTransactions);
        line(sb, "transactions half applied (goal 0)", halfApplied);
        line(sb, "transactions applied twice in one server life (goal 0)", appliedTwiceSameLife);
        line(sb, "transactions applied twice after a restart (goal 0)", appliedTwiceAfterRestart);
        line(sb, "IdempotentParameterMismatch on a same-token retry (goal 0)", idempotencyMismatches);
        line(sb, "applied again by a retry past the token's 10 minutes (allowed)", appliedAgainPastWindow);
        line(sb, "checks where the GSI differed from its table (goal 0)", gsiMismatchCycles);
        line(sb, "checks where the LSI differed from its table (goal 0)", lsiMismatchCycles);
        for (String d : details) sb.append("  ").append(d).append('\n');
        return sb.toString();
    }

    private static void line(StringBuilder sb, String what, long n) {
        sb.append(String.format("  %-62s %,d%n", what, n));
    }
}
