package io.keyline.storage;

/** A point-in-time read view. Thread-safe for reads; close once. */
public interface Snapshot extends ReadView, AutoCloseable {
    @Override void close();
}
