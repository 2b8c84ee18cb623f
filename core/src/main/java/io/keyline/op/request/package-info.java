/**
 * Typed requests and the checks the operations share. Each operation's typed request (one record
 * {@code <Operation>Request}, from CreateTable to TransactWriteItems) and the records of its
 * nested members are decoded from the wire object by the operation's {@code decode}: member
 * types and attribute values only, as DynamoDB's deserializer does (a wrong JSON type is a
 * SerializationException; a value that is invalid where DynamoDB checks it later is kept as a
 * {@link io.keyline.op.request.Deferred} error), so members are not yet validated and any may be
 * null. Beside them, the checks the operations share: member constraints with DynamoDB's
 * messages (the Return* enums, write and read options, batch maps, start keys), expressions
 * ({@link io.keyline.op.request.RequestExpressions}) and the item checks every write applies.
 * Records are immutable; helpers are stateless; nothing here touches storage.
 */
package io.keyline.op.request;

