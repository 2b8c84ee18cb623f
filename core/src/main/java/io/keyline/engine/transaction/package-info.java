/**
 * Multi-item work: the transaction executor ({@link io.keyline.engine.transaction.Transactions}:
 * all-or-nothing writes with per-action cancellation reasons, snapshot reads),
 * ClientRequestToken idempotency ({@link io.keyline.engine.transaction.IdempotencyTokens}, each token
 * stamped into storage with its transaction's batch, so it outlives a restart) and the
 * per-item admission hook of BatchGetItem and BatchWriteItem
 * ({@link io.keyline.engine.api.BatchAdmission}), where the capacity model will plug in. The
 * records exchanged with the operations (write actions, cancellation reasons) live in
 * {@code io.keyline.engine.api}; operations reach this package only through
 * {@code io.keyline.engine.Batches}. Request parsing and validation stay in {@code io.keyline.op}.
 */
package io.keyline.engine.transaction;
