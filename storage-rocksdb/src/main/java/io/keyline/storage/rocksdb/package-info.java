/**
 * The RocksDB storage backend, Keyline's default: one embedded RocksDB database per data
 * directory, all keyspaces in its default column family, told apart by their 8-byte prefix;
 * reopened in place after an I/O error ({@link io.keyline.storage.rocksdb.InPlaceRecovery}).
 */
package io.keyline.storage.rocksdb;
