/**
 * The request side of the data-plane operations. Each operation's typed request
 * ({@code GetItemRequest}, {@code PutItemRequest}, ..., {@code TransactWriteItemsRequest}) and
 * the records of its nested members are decoded from the wire object by a static
 * {@code decode}: member types and attribute values only, as DynamoDB's deserializer does (a
 * wrong JSON type is a SerializationException; a value that is invalid where DynamoDB checks it
 * later is kept as a {@link io.keyline.op.request.Deferred} error). Beside them, the checks the
 * operations share: member constraints with DynamoDB's messages (the Return* enums, write and
 * read options, batch maps, start keys), expressions ({@link io.keyline.op.request.RequestExpressions})
 * and the item checks every write applies. Records are immutable; helpers are stateless;
 * nothing here touches storage.
 */
package io.keyline.op.request;
