/**
 * The in-memory storage backend: a persistent treap published through one volatile root, so
 * batches are atomic, snapshots are free and readers never block.
 */
package io.keyline.storage.memory;
