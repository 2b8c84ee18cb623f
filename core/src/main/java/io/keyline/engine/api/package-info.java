/**
 * The vocabulary operations and the engine exchange: plain records and contracts with no engine
 * behaviour, so that {@code io.keyline.op} and the engine's sub-packages can both use them
 * without a cycle. Reads: {@link io.keyline.engine.api.ReadTarget}, key ranges and sort-key
 * conditions, a {@link io.keyline.engine.api.PageRequest} and the
 * {@link io.keyline.engine.api.Page} it returns. Writes: an item {@link io.keyline.engine.api.Mutation},
 * an {@link io.keyline.engine.api.ItemRef}, a transaction's
 * {@link io.keyline.engine.api.WriteAction}s and {@link io.keyline.engine.api.CancellationReason}s,
 * and the per-item {@link io.keyline.engine.api.BatchAdmission} contract. What works on them
 * (encoding, reading, metering, transactions) stays in the sub-packages, reached through
 * {@link io.keyline.engine.Engine}. This package imports only metadata, model, expr and the JDK.
 */
package io.keyline.engine.api;
