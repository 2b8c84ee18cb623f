/**
 * The request side of the data-plane operations: the parameters they share (table, return
 * options, expressions, start keys, batch maps), checked against DynamoDB's member
 * constraints with its messages, and the item checks every write applies. Stateless helpers
 * and immutable records; nothing here touches storage.
 */
package io.keyline.op.request;
