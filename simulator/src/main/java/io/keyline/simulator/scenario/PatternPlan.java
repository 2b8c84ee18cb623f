package io.keyline.simulator.scenario;

import java.util.List;
import java.util.Map;

/**
 * One access pattern, resolved and checked: everything needed to make its requests. Immutable.
 *
 * @param index      position in the scenario (SimRequest.pattern)
 * @param name       its name
 * @param operation  what it sends
 * @param table      target table
 * @param indexName  index read by a query or scan, or null
 * @param rate       requests per second over time
 * @param peakRate   the rate's maximum over the run
 * @param allPages   query/scan: follow LastEvaluatedKey
 * @param template   the item written or set, or null
 * @param key        generators of key attributes (get/update/delete: the table's key; query: equality conditions), may be empty
 * @param keyReuse   keys of another stream's items instead, or null
 * @param request    request members merged into every request
 * @param values     expression attribute values made per request
 * @param batchSize  items per BatchWriteItem or TransactWriteItems request (1 otherwise)
 * @param streamSeed the pattern's seed
 * @param tableKey   the table's key attributes
 */
record PatternPlan(int index, String name, Operation operation, String table, String indexName, RateCurve rate,
        double peakRate, boolean allPages, ItemTemplate template, List<AttributeSpec> key, KeyReuse keyReuse,
        Map<String, Object> request, List<AttributeSpec> values, int batchSize, long streamSeed, List<String> tableKey) {}
