/**
 * Multi-item work: the transaction executor ({@link io.keyline.engine.transaction.Transactions}:
 * all-or-nothing writes with per-action cancellation reasons, snapshot reads),
 * ClientRequestToken idempotency ({@link io.keyline.engine.transaction.IdempotencyTokens}) and the
 * per-item admission hook of BatchGetItem and BatchWriteItem
 * ({@link io.keyline.engine.transaction.BatchAdmission}), where the capacity model will plug in.
 * Request parsing and validation stay in {@code io.keyline.op}.
 */
package io.keyline.engine.transaction;
