/**
 * The engine's front door: {@link io.keyline.engine.Engine} wires storage, clock and settings
 * to the catalog, item store, indexes, transactions and metering, and is what operations run
 * against. Its sub-packages never import this package back: they share records through
 * {@code io.keyline.metadata}, below them all.
 */
package io.keyline.engine;
