package io.keyline.reliability.crash;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One writer's record of what it sent and what it was told: every item it owns (no other
 * writer touches them) and every transaction. Written by its writer only; read by the checker
 * while the writer is parked at the {@link Gate}.
 */
final class Ledger {
    final Map<String, KeyHistory> items = new HashMap<>();
    final List<TxRecord> transactions = new ArrayList<>();
    long acknowledgedWrites;
    long lostReplies;
    long serverErrors;
    long transactionsAcknowledged;
    long transactionReplays;
    long transactionRetriesAfterRestart;
    long idempotencyMismatches;

    KeyHistory item(String key) {
        return items.computeIfAbsent(key, k -> new KeyHistory());
    }

    /** The ledger's key of an item of the items table. */
    static String key(String pk, String sk) {
        return pk + '\u0000' + sk;
    }
}
