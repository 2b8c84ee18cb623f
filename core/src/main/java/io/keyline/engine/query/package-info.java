/**
 * Query and Scan reads: a {@link io.keyline.engine.api.ReadTarget} (a table or an index, each a
 * keyspace with its own key schema), the key ranges and stored keys a request reads
 * ({@link io.keyline.engine.query.TargetKeys}), and the {@link io.keyline.engine.query.PageReader} that walks one range under DynamoDB's page rules
 * (Limit and 1 MB counted before the filter) and hands back a {@link io.keyline.engine.api.Page}
 * with its resume key and {@link io.keyline.engine.api.PageStatistics} for capacity accounting.
 */
package io.keyline.engine.query;
