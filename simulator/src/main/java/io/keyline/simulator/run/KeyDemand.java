package io.keyline.simulator.run;

import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableMetadata;
import io.keyline.simulator.report.ResourceReport;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Demand per partition key: the writes the simulated client offered each key of each table and
 * GSI, counted at the request's first attempt (weighted by its pattern's sampling weight), so a
 * request counts once however often it is retried and whether or not it was admitted. Contributor
 * Insights' top keys count what DynamoDB admitted (its accessed rule): a key held at its
 * partition's 1,000 WCU shows 1,000 there however many writes it was asked for, which is why the
 * shard advice reads demand from here (docs/SIMULATOR.md, "What the report is made of").
 *
 * <p>Counted from the request as sent: a put's item (the table's and every GSI's partition key it
 * carries), an update's or a delete's key (the table's only: which GSI entries an update moves
 * depends on the stored item), and each write of a BatchWriteItem or TransactWriteItems. Memory:
 * one map entry per key written in the current minute; at each minute's end its
 * {@link #KEYS_PER_MINUTE} heaviest keys are added to the run's sums, as the runner does with
 * Contributor Insights' answer, and the minute starts empty. One thread.
 */
final class KeyDemand {
    /** Keys kept from each minute. */
    static final int KEYS_PER_MINUTE = ResourceTallies.KEYS_PER_MINUTE;

    /** A table's partition key attribute and its GSIs' (name, partition key attribute). */
    private record Keys(String table, String partitionKey, List<String[]> gsis) {}

    private final Map<String, Keys> tables = new HashMap<>();
    /** Resource → key → weighted first attempts this minute. */
    private final Map<String, Map<String, double[]>> minute = new HashMap<>();
    /** Resource → key → {sum of the kept minutes' counts, the busiest kept minute's}. */
    private final Map<String, Map<String, double[]>> run = new HashMap<>();

    KeyDemand(Collection<TableMetadata> tables) {
        for (TableMetadata t : tables) {
            List<String[]> gsis = new ArrayList<>();
            for (IndexMetadata g : t.globalIndexes()) gsis.add(new String[] {g.name(), g.keySchema().partitionKey().name()});
            this.tables.put(t.name(), new Keys(t.name(), t.keySchema().partitionKey().name(), gsis));
        }
    }

    /** A request's first attempt, weighing {@code weight} requests of the scenario; reads are not counted. */
    void offered(SimRequest request, double weight) {
        Map<String, Object> body = request.body().raw();
        switch (request.operation()) {
            case "PutItem" -> item(body.get("TableName"), body.get("Item"), true, weight);
            case "UpdateItem", "DeleteItem" -> item(body.get("TableName"), body.get("Key"), false, weight);
            case "BatchWriteItem" -> {
                if (!(body.get("RequestItems") instanceof Map<?, ?> byTable)) return;
                for (Map.Entry<?, ?> e : byTable.entrySet()) {
                    if (!(e.getValue() instanceof List<?> writes)) continue;
                    for (Object w : writes) {
                        if (!(w instanceof Map<?, ?> write)) continue;
                        if (write.get("PutRequest") instanceof Map<?, ?> put) item(e.getKey(), put.get("Item"), true, weight);
                        if (write.get("DeleteRequest") instanceof Map<?, ?> delete) item(e.getKey(), delete.get("Key"), false, weight);
                    }
                }
            }
            case "TransactWriteItems" -> {
                if (!(body.get("TransactItems") instanceof List<?> actions)) return;
                for (Object a : actions) {
                    if (!(a instanceof Map<?, ?> action)) continue;
                    if (action.get("Put") instanceof Map<?, ?> put) item(put.get("TableName"), put.get("Item"), true, weight);
                    for (String kind : new String[] {"Update", "Delete"}) {
                        if (action.get(kind) instanceof Map<?, ?> keyed) item(keyed.get("TableName"), keyed.get("Key"), false, weight);
                    }
                }
            }
            default -> { }
        }
    }

    /** One written item (or key): its table's partition key, and with a whole item its GSIs' too. */
    private void item(Object tableName, Object attributes, boolean wholeItem, double weight) {
        Keys keys = tableName instanceof String name ? tables.get(name) : null;
        if (keys == null || !(attributes instanceof Map<?, ?> values)) return;
        count(keys.table(), values.get(keys.partitionKey()), weight);
        if (!wholeItem) return;
        for (String[] gsi : keys.gsis()) count(ResourceTallies.resource(keys.table(), gsi[0]), values.get(gsi[1]), weight);
    }

    private void count(String resource, Object value, double weight) {
        String key = text(value);
        if (key == null) return;
        minute.computeIfAbsent(resource, r -> new HashMap<>()).computeIfAbsent(key, k -> new double[1])[0] += weight;
    }

    /** An attribute value in its wire form ({"S": "x"}) as Contributor Insights writes a key: the value's text. */
    private static String text(Object value) {
        if (!(value instanceof Map<?, ?> typed) || typed.size() != 1) return null;
        Object v = typed.values().iterator().next();
        return v instanceof String s ? s : null;
    }

    /** The minute ends: its heaviest keys of each resource join the run's sums. */
    void minuteEnded() {
        for (Map.Entry<String, Map<String, double[]>> e : minute.entrySet()) {
            Map<String, double[]> sums = run.computeIfAbsent(e.getKey(), k -> new HashMap<>());
            for (Map.Entry<String, double[]> k : heaviest(e.getValue(), KEYS_PER_MINUTE)) {
                double[] s = sums.computeIfAbsent(k.getKey(), x -> new double[2]);
                s[0] += k.getValue()[0];
                s[1] = Math.max(s[1], k.getValue()[0]);
            }
        }
        minute.clear();
    }

    /**
     * The run's most demanded keys of a resource, at most {@code n}, most first: offered writes over
     * the run, and the busiest minute's over 60 as the peak a second.
     */
    List<ResourceReport.KeyCount> top(String resource, int n) {
        List<ResourceReport.KeyCount> out = new ArrayList<>();
        for (Map.Entry<String, double[]> e : heaviest(run.getOrDefault(resource, Map.of()), n)) {
            out.add(new ResourceReport.KeyCount(e.getKey(), null, Math.round(e.getValue()[0]), e.getValue()[1] / 60.0));
        }
        return out;
    }

    /** The {@code n} entries of largest first value, largest first, ties by key. */
    private static List<Map.Entry<String, double[]>> heaviest(Map<String, double[]> counts, int n) {
        Comparator<Map.Entry<String, double[]>> lighterFirst = Comparator.comparingDouble((Map.Entry<String, double[]> e) -> e.getValue()[0])
                .thenComparing((Map.Entry<String, double[]> e) -> e.getKey(), Comparator.reverseOrder());
        PriorityQueue<Map.Entry<String, double[]>> kept = new PriorityQueue<>(lighterFirst);
        for (Map.Entry<String, double[]> e : counts.entrySet()) {
            if (kept.size() < n) kept.add(e);
            else if (lighterFirst.compare(e, kept.peek()) > 0) {
                kept.poll();
                kept.add(e);
            }
        }
        List<Map.Entry<String, double[]>> out = new ArrayList<>(kept);
        out.sort(lighterFirst.reversed());
        return out;
    }
}
