/**
 * DynamoDB's JSON 1.0 protocol: parsing request bodies to plain values (jackson-core, streaming),
 * typed access with SerializationException for wrong JSON types ({@link io.keyline.protocol.JsonObject}),
 * the wire form of attribute values with DynamoDB's validation, and writing responses.
 */
package io.keyline.protocol;
