/**
 * Query and Scan reads: a {@link io.keyline.engine.query.ReadTarget} (a table or an index, each a
 * keyspace with its own key schema), the key range a request reads, and the
 * {@link io.keyline.engine.query.PageReader} that walks one range under DynamoDB's page rules
 * (Limit and 1 MB counted before the filter) and hands back a {@link io.keyline.engine.query.Page}
 * with its resume key and {@link io.keyline.engine.query.PageStatistics} for capacity accounting.
 */
package io.keyline.engine.query;
