package io.keyline.metadata;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The Contributor Insights states of a table and of its GSIs; a resource never configured has no
 * state. Immutable. {@link TableMetadata} keeps only the states of GSIs it still has, so a
 * dropped index takes its state with it (docs/RULES.md#INSIGHTS-LIFECYCLE).
 *
 * @param table   the table's own state, or null
 * @param indexes GSI name → state, in the order they were first configured
 */
public record TableInsights(InsightsState table, Map<String, InsightsState> indexes) {
    /** Never configured. */
    public static final TableInsights NONE = new TableInsights(null, Map.of());

    public TableInsights {
        indexes = Collections.unmodifiableMap(new LinkedHashMap<>(indexes));
    }

    /** Whether nothing was ever configured: the request path's first and usually last check. */
    public boolean isNone() { return table == null && indexes.isEmpty(); }

    /** The state of the table (indexName null) or of one GSI, or null if never configured. */
    public InsightsState of(String indexName) { return indexName == null ? table : indexes.get(indexName); }

    /** These states with the table's (indexName null) or a GSI's replaced. */
    public TableInsights with(String indexName, InsightsState state) {
        if (indexName == null) return new TableInsights(state, indexes);
        Map<String, InsightsState> m = new LinkedHashMap<>(indexes);
        m.put(indexName, state);
        return new TableInsights(table, m);
    }

    /** These states without those of GSIs not in {@code names}; this if none goes. */
    public TableInsights retainIndexes(Set<String> names) {
        if (names.containsAll(indexes.keySet())) return this;
        Map<String, InsightsState> m = new LinkedHashMap<>(indexes);
        m.keySet().retainAll(names);
        return m.isEmpty() && table == null ? NONE : new TableInsights(table, m);
    }
}
