/**
 * DynamoDB's request shapes as data and the checks they drive: {@link io.keyline.protocol.shape.ShapeModel}
 * reads the facts {@code scripts/service-model} extracts from the AWS service model (types,
 * members, required members, enums, lengths, ranges, patterns);
 * {@link io.keyline.protocol.shape.RequestShapes} checks a parsed request against its operation's
 * input shape in DynamoDB's order: deserialization (SerializationException), then member
 * constraints (one aggregated ValidationException, {@link io.keyline.protocol.shape.Violations}).
 */
package io.keyline.protocol.shape;
