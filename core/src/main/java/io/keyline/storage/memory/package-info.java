/**
 * The in-memory storage backend: a persistent (copy-on-write) B+tree with wide nodes, published
 * through one volatile root, so batches are atomic, snapshots are free, readers never block and
 * a seek costs about four node visits at a million keys.
 */
package io.keyline.storage.memory;
