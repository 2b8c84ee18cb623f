package io.keyline.reliability.crash;

import io.keyline.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * After a restart, with every writer parked: reads the tables back (strongly consistent Scans)
 * and compares them with the writers' ledgers. Findings accumulate across cycles as sets of
 * item and transaction ids, so one lost write counts once however many cycles see it.
 * Used by the harness thread only.
 */
final class CrashCheck {
    /** How long a GSI may take to catch up with its table after a restart before it counts as a mismatch. */
    static final Duration GSI_CATCH_UP = Duration.ofSeconds(60);
    private static final int DETAILS_KEPT = 20;

    private final Clock clock;
    final Set<String> lostWrites = new TreeSet<>();
    final Set<String> lostTransactions = new TreeSet<>();
    final Set<String> halfApplied = new TreeSet<>();
    final Set<String> appliedTwiceSameLife = new TreeSet<>();
    final Set<String> appliedTwiceAfterRestart = new TreeSet<>();
    /** Applied again by a retry past the token's window: as DynamoDB does, reported and not a finding. */
    final Set<String> appliedAgainPastWindow = new TreeSet<>();
    int gsiMismatchCycles;
    int lsiMismatchCycles;
    long itemsChecked;
    final List<String> details = new ArrayList<>();

    CrashCheck(Clock clock) { this.clock = clock; }

    /** Checks one restart; returns the number of new findings. */
    int check(DynamoDbClient client, List<Ledger> ledgers) throws InterruptedException {
        int before = findings();
        Map<String, Map<String, AttributeValue>> items = scan(client, CrashTables.ITEMS, null);
        itemsChecked = items.size();
        checkItems(items, ledgers);
        checkTransactions(items, scan(client, CrashTables.LEDGER, null), ledgers);
        checkIndexes(client, items);
        return findings() - before;
    }

    private int findings() {
        return lostWrites.size() + lostTransactions.size() + halfApplied.size() + appliedTwiceSameLife.size()
                + appliedTwiceAfterRestart.size() + gsiMismatchCycles + lsiMismatchCycles;
    }

    private void checkItems(Map<String, Map<String, AttributeValue>> items, List<Ledger> ledgers) {
        for (Ledger ledger : ledgers) {
            ledger.items.forEach((key, history) -> {
                Map<String, AttributeValue> item = items.get(key);
                String actual = item == null || !item.containsKey("v") ? null : item.get("v").s();
                if (!history.allows(actual) && lostWrites.add(key.replace('\u0000', '/'))) {
                    detail("item " + key.replace('\u0000', '/') + " holds " + actual + ", expected " + history);
                }
            });
        }
    }

    private void checkTransactions(Map<String, Map<String, AttributeValue>> items, Map<String, Map<String, AttributeValue>> ledgerTable,
                                   List<Ledger> ledgers) {
        for (Ledger ledger : ledgers) {
            for (TxRecord tx : ledger.transactions) {
                long a = count(items.get(Ledger.key("tx", tx.id)));
                long b = count(ledgerTable.get(Ledger.key(tx.id, null)));
                if (a != b && halfApplied.add(tx.id)) detail("transaction " + tx.id + " half applied: items " + a + ", ledger " + b);
                long times = Math.max(a, b);
                if (times > 1 && tx.retriedPastWindow) {
                    if (appliedAgainPastWindow.add(tx.id)) detail("transaction " + tx.id + " applied " + times
                            + " times by a retry sent more than 10 minutes after its first attempt (its token had expired)");
                } else if (times > 1) {
                    Set<String> set = tx.retriedAfterRestart ? appliedTwiceAfterRestart : appliedTwiceSameLife;
                    if (set.add(tx.id)) detail("transaction " + tx.id + " applied " + times + " times"
                            + (tx.retriedAfterRestart ? " (retried with its token after a restart)" : " in one server life"));
                }
                if (tx.acknowledged && times == 0 && lostTransactions.add(tx.id)) detail("acknowledged transaction " + tx.id + " is missing");
            }
        }
    }

    private static long count(Map<String, AttributeValue> item) {
        return item == null || !item.containsKey("c") ? 0 : Long.parseLong(item.get("c").n());
    }

    /** Each index, scanned, must equal the table's items that have its key attribute (both project everything). */
    private void checkIndexes(DynamoDbClient client, Map<String, Map<String, AttributeValue>> items) throws InterruptedException {
        Map<String, Map<String, AttributeValue>> withL = having(items, "l");
        if (!withL.equals(scan(client, CrashTables.ITEMS, CrashTables.LSI))) {
            lsiMismatchCycles++;
            detail("LSI " + CrashTables.LSI + " differs from its table");
        }
        Map<String, Map<String, AttributeValue>> withG = having(items, "g");
        long deadline = clock.nanos() + GSI_CATCH_UP.toNanos();
        Map<String, Map<String, AttributeValue>> gsi;
        while (!withG.equals(gsi = scan(client, CrashTables.ITEMS, CrashTables.GSI))) {
            if (clock.nanos() > deadline) {
                gsiMismatchCycles++;
                detail("GSI " + CrashTables.GSI + " differs from its table after " + GSI_CATCH_UP + ": " + difference(withG, gsi));
                return;
            }
            Thread.sleep(100);
        }
    }

    private static String difference(Map<String, Map<String, AttributeValue>> expected, Map<String, Map<String, AttributeValue>> actual) {
        int missing = 0, extra = 0, different = 0;
        for (var e : expected.entrySet()) {
            if (!actual.containsKey(e.getKey())) missing++;
            else if (!Objects.equals(actual.get(e.getKey()), e.getValue())) different++;
        }
        for (String k : actual.keySet()) if (!expected.containsKey(k)) extra++;
        return missing + " missing, " + extra + " extra, " + different + " different";
    }

    private static Map<String, Map<String, AttributeValue>> having(Map<String, Map<String, AttributeValue>> items, String attribute) {
        Map<String, Map<String, AttributeValue>> out = new HashMap<>();
        items.forEach((k, v) -> { if (v.containsKey(attribute)) out.put(k, v); });
        return out;
    }

    /** Every item of a table or index, by ledger key; strongly consistent where DynamoDB allows (not on a GSI). */
    static Map<String, Map<String, AttributeValue>> scan(DynamoDbClient client, String table, String index) {
        Map<String, Map<String, AttributeValue>> out = new HashMap<>();
        Map<String, AttributeValue> start = null;
        boolean consistent = !CrashTables.GSI.equals(index);
        do {
            Map<String, AttributeValue> from = start;
            ScanResponse page = client.scan(b -> {
                b.tableName(table).consistentRead(consistent);
                if (index != null) b.indexName(index);
                if (from != null) b.exclusiveStartKey(from);
            });
            for (Map<String, AttributeValue> item : page.items()) {
                AttributeValue sk = item.get("sk");
                out.put(Ledger.key(item.get("pk").s(), sk == null ? null : sk.s()), item);
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return out;
    }

    private void detail(String line) {
        if (details.size() < DETAILS_KEPT) details.add(line);
    }
}
