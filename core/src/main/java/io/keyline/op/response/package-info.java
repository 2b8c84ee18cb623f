/**
 * Responses as DynamoDB writes them: TableDescription, ConsumedCapacity, ItemCollectionMetrics
 * and CancellationReasons rendered from metadata, engine and capacity-model records into
 * JSON-able values (maps, lists, strings, numbers). The only place that builds those wire
 * shapes: no operation, engine or capacity class builds them itself. Stateless.
 */
package io.keyline.op.response;
