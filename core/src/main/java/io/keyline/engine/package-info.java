/**
 * The engine's front door: {@link io.keyline.engine.Engine} wires storage, clock and settings
 * to the catalog, item store, indexes, transactions and metering, and is what operations run
 * against, with {@link io.keyline.engine.Tables} (control plane) and
 * {@link io.keyline.engine.Batches} (batches and transactions). Operations exchange only the
 * records of {@code io.keyline.engine.api} and {@code io.keyline.metadata} with it. Its
 * sub-packages never import this package back: they share records through those two.
 */
package io.keyline.engine;
