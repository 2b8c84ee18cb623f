package io.keyline.engine;

import io.keyline.storage.Storage;
import io.keyline.time.Clock;

/**
 * The engine context shared by all operations: storage, clock and settings, and the services
 * built on them (catalog, item store). One per server. Thread-safe.
 */
public final class Engine implements AutoCloseable {
    private final Storage storage;
    private final Clock clock;
    private final Settings settings;

    public Engine(Storage storage, Clock clock, Settings settings) {
        this.storage = storage;
        this.clock = clock;
        this.settings = settings;
    }

    public Storage storage() { return storage; }

    public Clock clock() { return clock; }

    public Settings settings() { return settings; }

    @Override public void close() { storage.close(); }
}
