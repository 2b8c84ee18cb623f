/**
 * Helpers of the control-plane operations (CreateTable, UpdateTable, the tag operations, ...):
 * the decoding of their shared request structures ({@link io.keyline.op.control.SchemaDecoder}),
 * DynamoDB's aggregated member constraints, schema rules, tag rules and throughput limits
 * ({@link io.keyline.op.control.Throughputs}, the one home of UpdateTable's throughput rules).
 * The TableDescription they answer with is rendered in {@code io.keyline.op.response}.
 */
package io.keyline.op.control;
