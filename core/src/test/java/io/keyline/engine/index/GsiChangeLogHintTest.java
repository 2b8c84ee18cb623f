package io.keyline.engine.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.storage.memory.MemoryStorage;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The floor hints of the shared GSI change logs (docs/CLUSTER.md, "GSI change records"): a node
 * that looks for logs with records, or opens another node's log, starts each hinted log at its
 * hint, never at the log's applied head, whose tombstones a Cassandra read would step over. The
 * storage here records where each scan starts.
 */
class GsiChangeLogHintTest {
    private final MemoryStorage data = new MemoryStorage();
    /** Each scan's bounds, from and to. */
    private final List<byte[][]> scanStarts = new ArrayList<>();
    private final Storage storage = new io.keyline.testing.StorageView(data) {
        @Override public Cursor range(byte[] from, byte[] to, boolean reverse) {
            scanStarts.add(new byte[][] {from, to});
            return super.range(from, to, reverse);
        }
    };

    private static byte[] recordKey(long log, long sequence) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(17).put(GsiChangeLog.SHARED_TAG).putLong(log).putLong(sequence).array());
    }

    private void putRecord(long log, long sequence) {
        data.write(new WriteBatch().put(recordKey(log, sequence), GsiChangeLog.encode(1, List.of(new GsiChangeLog.Mutation(7, new byte[] {1}, null)))));
    }

    /** Whether some scan covered part of log {@code log} below {@code key} (its applied head). */
    private boolean scannedBelow(long log, byte[] key) {
        byte[] logStart = recordKey(log, 0);
        return scanStarts.stream().anyMatch(s -> Arrays.compareUnsigned(s[0], key) < 0 && Arrays.compareUnsigned(s[1], logStart) > 0);
    }

    @Test void aLogThatAppliedPastAHintsStepWritesItAndOtherNodesStartThere() {
        GsiChangeLog log = new GsiChangeLog(storage, 5);
        log.advanceFloor(GsiChangeLog.HINT_EVERY - 1);
        assertThat(data.get(GsiChangeLog.floorKey(5))).as("not a whole step yet").isNull();
        log.advanceFloor(GsiChangeLog.HINT_EVERY + 10);
        assertThat(ByteBuffer.wrap(data.get(GsiChangeLog.floorKey(5))).getLong()).isEqualTo(GsiChangeLog.HINT_EVERY + 10);

        putRecord(5, GsiChangeLog.HINT_EVERY + 20); // a record left above the floor
        putRecord(9, 3);                            // and one of an unhinted log after it
        scanStarts.clear();
        assertThat(GsiChangeLog.sharedLogsWithRecords(storage)).containsExactly(5L, 9L);
        assertThat(scannedBelow(5, recordKey(5, GsiChangeLog.HINT_EVERY + 10))).as("log 5's applied head").isFalse();

        scanStarts.clear();
        GsiChangeLog adopted = new GsiChangeLog(storage, 5); // another node opens it
        assertThat(adopted.floor()).isEqualTo(GsiChangeLog.HINT_EVERY + 20);
        assertThat(adopted.nextSequence()).isEqualTo(GsiChangeLog.HINT_EVERY + 21);
        assertThat(scannedBelow(5, recordKey(5, GsiChangeLog.HINT_EVERY + 10))).isFalse();
    }

    @Test void anEmptyHintedLogIsNotReportedAndItsHintGoesOnceDrained() {
        new GsiChangeLog(storage, 2).advanceFloor(GsiChangeLog.HINT_EVERY * 3);
        putRecord(1, 0);
        assertThat(GsiChangeLog.sharedLogsWithRecords(storage)).containsExactly(1L);
        GsiChangeLog.forgetHint(storage, 2);
        assertThat(data.get(GsiChangeLog.floorKey(2))).isNull();
        putRecord(2, 4); // written again (its writer had only paused): found from the log's first key
        assertThat(GsiChangeLog.sharedLogsWithRecords(storage)).containsExactly(1L, 2L);
    }

    @Test void theOneProcessLogKeepsNoHint() {
        GsiChangeLog log = new GsiChangeLog(storage);
        log.advanceFloor(GsiChangeLog.HINT_EVERY * 2);
        try (Cursor c = data.range(Keyspaces.key(Keyspaces.CATALOG, new byte[] {GsiChangeLog.FLOOR_TAG}),
                Keyspaces.key(Keyspaces.CATALOG, new byte[] {GsiChangeLog.FLOOR_TAG + 1}), false)) {
            assertThat(c.next()).isFalse();
        }
    }
}
