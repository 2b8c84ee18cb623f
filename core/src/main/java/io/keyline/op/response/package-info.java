/**
 * Responses as DynamoDB writes them, rendered from metadata and engine records into JSON-able
 * values (maps, lists, strings, numbers) in one layer: no operation builds these fields itself.
 * Stateless.
 */
package io.keyline.op.response;
