/**
 * The response side of the data-plane operations: DynamoDB's response fields
 * (ConsumedCapacity, ItemCollectionMetrics) rendered as JSON-able maps from the engine's and
 * the capacity model's plain data. The only place that builds those wire shapes.
 */
package io.keyline.op.response;
