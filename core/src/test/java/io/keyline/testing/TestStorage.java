package io.keyline.testing;

import io.keyline.storage.Storage;
import io.keyline.storage.memory.MemoryStorage;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.ServiceLoader;

/**
 * The storage the engine-level tests run on: memory unless the system property
 * {@value #PROPERTY} names another kind, which a {@link Provider} on the test class path opens
 * (storage-rocksdb's tests provide {@code rocksdb} and run core's operation tests again with it:
 * see that module's pom). Fixtures open their storage here, so a test class runs on every
 * storage unchanged; a test that is about one storage by nature builds that one itself.
 *
 * <p>What {@link #open} opens, and whatever a fixture hands to {@link #closeAfterTest}, is
 * closed (last first) when the test instance is done, by {@link CloseTestResources}: a RocksDB
 * directory per test would otherwise stay open for the whole run. {@link #openOwned} is for
 * fixtures that close their storage themselves. Not thread-safe: tests of one
 * JVM run one at a time (the build runs no test in parallel).
 */
public final class TestStorage {
    /** The system property naming the storage kind; {@value #MEMORY} when unset. */
    public static final String PROPERTY = "keyline.test.storage";
    public static final String MEMORY = "memory";

    /** Opens a fresh storage of one kind. Implementations are found with {@link ServiceLoader}. */
    public interface Provider {
        /** The kind, as the {@value #PROPERTY} property names it. */
        String kind();

        /** A new, empty storage; a persistent one in a fresh directory that its close removes. */
        Storage open();
    }

    private static final Deque<AutoCloseable> OPEN = new ArrayDeque<>();

    private TestStorage() {}

    /** The configured kind of storage. */
    public static String kind() { return System.getProperty(PROPERTY, MEMORY); }

    /** A fresh storage of the configured kind, closed after the current test. */
    public static Storage open() {
        Storage storage = openOwned();
        return storage instanceof MemoryStorage ? storage : closeAfterTest(storage);
    }

    /**
     * A fresh storage of the configured kind that the caller closes: for a fixture that outlives
     * one test, such as a server shared by a test class.
     */
    public static Storage openOwned() {
        String kind = kind();
        if (kind.equals(MEMORY)) return new MemoryStorage();
        for (Provider p : ServiceLoader.load(Provider.class)) {
            if (p.kind().equals(kind)) return p.open();
        }
        throw new IllegalStateException("no " + Provider.class.getName() + " for " + PROPERTY + "=" + kind + " on the test class path");
    }

    /** Registers {@code resource} (an engine on a test storage, say) to be closed after the current test. */
    public static synchronized <T extends AutoCloseable> T closeAfterTest(T resource) {
        OPEN.push(resource);
        return resource;
    }

    /** Closes everything registered, last first; the first failure is thrown once all are closed. */
    static synchronized void closeAll() throws Exception {
        Exception failure = null;
        while (!OPEN.isEmpty()) {
            try {
                OPEN.pop().close();
            } catch (Exception e) {
                if (failure == null) failure = e;
                else failure.addSuppressed(e);
            }
        }
        if (failure != null) throw failure;
    }
}
