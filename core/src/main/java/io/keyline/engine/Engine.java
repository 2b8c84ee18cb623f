package io.keyline.engine;

import io.keyline.storage.Storage;
import io.keyline.time.Clock;

/**
 * The engine context shared by all operations: storage, clock and settings, and the services
 * built on them (catalog, item store). One per server. Building an Engine on existing storage
 * reloads its catalog. Thread-safe.
 */
public final class Engine implements AutoCloseable {
    private final Storage storage;
    private final Clock clock;
    private final Settings settings;
    private final Catalog catalog;

    public Engine(Storage storage, Clock clock, Settings settings) {
        this(storage, clock, settings, ItemSizer.STORED_LENGTH);
    }

    /** With the item codec's sizer, so statistics rebuilt at start-up are exact. */
    public Engine(Storage storage, Clock clock, Settings settings, ItemSizer sizer) {
        this.storage = storage;
        this.clock = clock;
        this.settings = settings;
        this.catalog = new Catalog(storage, clock, settings, sizer);
    }

    public Storage storage() { return storage; }

    public Clock clock() { return clock; }

    public Settings settings() { return settings; }

    public Catalog catalog() { return catalog; }

    @Override public void close() { storage.close(); }
}
