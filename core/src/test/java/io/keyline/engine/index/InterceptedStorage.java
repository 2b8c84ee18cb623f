package io.keyline.engine.index;

import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A storage over the test storage that lets a test step into the next write of a GSI change
 * record (a writer's batch, not the propagator's, which only deletes records): hold it on a
 * latch, or fail it. Its close leaves the storage underneath open (the test storage closes it
 * after the test), so a second engine can start on the same data, as after a crash.
 * Thread-safe as the storage underneath is.
 */
final class InterceptedStorage extends io.keyline.testing.StorageView {
    private final AtomicReference<Consumer<WriteBatch>> next = new AtomicReference<>();

    InterceptedStorage(Storage delegate) { super(delegate); }

    /** Runs {@code action} on the writing thread before the next batch holding a change record is written; it may throw. */
    void beforeNextRecordWrite(Consumer<WriteBatch> action) { next.set(action); }

    @Override public void write(WriteBatch batch) {
        if (writesRecord(batch)) {
            Consumer<WriteBatch> action = next.getAndSet(null);
            if (action != null) action.accept(batch);
        }
        super.write(batch);
    }

    private static boolean writesRecord(WriteBatch batch) {
        for (WriteBatch.Mutation m : batch.mutations()) {
            if (m.kind() == WriteBatch.Kind.PUT && Arrays.compareUnsigned(m.key(), GsiChangeLog.start()) >= 0
                    && Arrays.compareUnsigned(m.key(), GsiChangeLog.end()) < 0) return true;
        }
        return false;
    }
}
