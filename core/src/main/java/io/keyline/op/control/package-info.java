/**
 * Helpers of the control-plane operations (CreateTable, UpdateTable, the tag operations, ...):
 * DynamoDB's aggregated member constraints, schema rules, tag rules, throughput limits and the
 * TableDescription writer.
 */
package io.keyline.op.control;
