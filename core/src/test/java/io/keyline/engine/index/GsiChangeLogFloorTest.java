package io.keyline.engine.index;

import static io.keyline.engine.index.IndexFixture.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.engine.api.ItemRef;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.storage.StorageException;
import io.keyline.testing.TestStorage;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Where the propagator starts reading the change log (its floor): never past a sequence that is
 * allocated but not yet committed, past one whose write failed, recovered from storage after a
 * restart; and the oldest unapplied change that GSI lag is measured from. Runs on memory and, in
 * storage-rocksdb, on RocksDB.
 */
class GsiChangeLogFloorTest {
    private static final String TABLE = "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST',"
            + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
            + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],"
            + "'GlobalSecondaryIndexes':[{'IndexName':'byX','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
            + "'Projection':{'ProjectionType':'KEYS_ONLY'}}]}";

    private static String item(String p) { return "{'p':{'S':'" + p + "'},'x':{'S':'x'}}"; }

    private static List<AttributeValue> keys(IndexFixture f) {
        return f.entries("tbl", "byX").stream().map(e -> e.get("p")).sorted(java.util.Comparator.comparing(AttributeValue::toString)).toList();
    }

    private static GsiChangeLog log(IndexFixture f) { return f.engine.indexes().changeLog(); }

    /**
     * The interleaving the floor must survive: writer A takes sequence n and stops before its
     * batch commits; writer B takes n + 1, commits, and the propagator applies it. The floor
     * must stay at n, so that A's record, committed last, is still applied.
     */
    @Test void aSequenceAllocatedEarlyButCommittedLateIsStillApplied() throws Exception {
        InterceptedStorage storage = new InterceptedStorage(TestStorage.open());
        try (IndexFixture f = new IndexFixture(Settings.defaults(), storage, new ManualClock())) {
            f.call("CreateTable", TABLE);
            long first = log(f).nextSequence();
            CountDownLatch allocated = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            storage.beforeNextRecordWrite(batch -> {
                allocated.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread a = new Thread(() -> {
                try {
                    f.put("tbl", item("a"));
                } catch (Throwable t) {
                    failure.set(t);
                }
            }, "writer-a");
            a.start();
            assertThat(allocated.await(10, TimeUnit.SECONDS)).isTrue();

            f.put("tbl", item("b")); // sequence first + 1, committed while A's first is in flight
            assertThat(f.engine.indexes().propagator().awaitIdle(Duration.ofSeconds(10))).isTrue();
            assertThat(keys(f)).containsExactly(s("b"));
            assertThat(log(f).floor()).isEqualTo(first);

            release.countDown();
            a.join(10_000);
            assertThat(failure.get()).isNull();
            assertThat(f.engine.indexes().propagator().awaitIdle(Duration.ofSeconds(10))).isTrue();
            f.propagate();
            assertThat(keys(f)).containsExactly(s("a"), s("b"));
            assertThat(log(f).floor()).isEqualTo(first + 2).isEqualTo(log(f).nextSequence());
        }
    }

    /** Writers racing on shared items while the propagator drains: in the end the GSI matches the items and the floor is the log's end. */
    @Test void concurrentWritersLeaveNothingBehindTheFloor() throws Exception {
        try (IndexFixture f = new IndexFixture()) {
            f.call("CreateTable", TABLE);
            List<Thread> writers = new ArrayList<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            for (int w = 0; w < 4; w++) {
                int seed = w;
                writers.add(new Thread(() -> {
                    Random r = new Random(seed);
                    try {
                        for (int i = 0; i < 150; i++) {
                            String p = String.valueOf(r.nextInt(40));
                            if (r.nextInt(4) == 0) f.call("DeleteItem", "{'TableName':'tbl','Key':{'p':{'S':'" + p + "'}}}");
                            else f.put("tbl", "{'p':{'S':'" + p + "'},'x':{'S':'x" + r.nextInt(5) + "'}}");
                        }
                    } catch (Throwable t) {
                        failure.set(t);
                    }
                }, "writer-" + w));
            }
            writers.forEach(Thread::start);
            for (Thread t : writers) t.join(60_000);
            assertThat(failure.get()).isNull();
            assertThat(f.engine.indexes().propagator().awaitIdle(Duration.ofSeconds(30))).isTrue();
            f.propagate();
            List<String> expected = f.items("tbl").stream().map(i -> i.get("p") + "=" + i.get("x")).sorted().toList();
            List<String> actual = f.entries("tbl", "byX").stream().map(e -> e.get("p") + "=" + e.get("x")).sorted().toList();
            assertThat(actual).isEqualTo(expected);
            assertThat(log(f).settledBelow()).isEqualTo(log(f).nextSequence());
            assertThat(log(f).floor()).isEqualTo(log(f).nextSequence());
        }
    }

    @Test void aSequenceWhoseWriteFailedDoesNotHoldTheFloor() {
        InterceptedStorage storage = new InterceptedStorage(TestStorage.open());
        try (IndexFixture f = new IndexFixture(Settings.defaults(), storage, new ManualClock())) {
            f.call("CreateTable", TABLE);
            long first = log(f).nextSequence();
            storage.beforeNextRecordWrite(batch -> { throw new StorageException("disk full (test)"); });
            assertThatThrownBy(() -> f.put("tbl", item("lost"))).isInstanceOf(RuntimeException.class);
            f.put("tbl", item("kept"));
            f.propagate();
            assertThat(keys(f)).containsExactly(s("kept"));
            assertThat(log(f).settledBelow()).isEqualTo(first + 2);
            assertThat(log(f).floor()).isEqualTo(first + 2);
        }
    }

    /** A transaction whose second item is refused by index maintenance drops a batch that already holds a record. */
    @Test void aSequenceOfARefusedTransactionDoesNotHoldTheFloor() {
        try (IndexFixture f = new IndexFixture()) {
            f.call("CreateTable", TABLE);
            long first = log(f).nextSequence();
            TableMetadata t = f.table("tbl");
            List<ItemRef> refs = List.of(new ItemRef(t, new PrimaryKey(s("1"), null)), new ItemRef(t, new PrimaryKey(s("2"), null)));
            assertThatThrownBy(() -> f.engine.items().writeAll(refs, TimeUnit.SECONDS.toNanos(1), old -> List.of(
                    Map.of("p", s("1"), "x", s("x")),
                    Map.of("p", s("2"), "x", AttributeValue.n(3))))) // x is declared S: refused after item 1's record
                    .isInstanceOf(ApiException.class);
            assertThat(log(f).nextSequence()).isEqualTo(first + 1);
            f.propagate();
            assertThat(log(f).settledBelow()).isEqualTo(first + 1);
            assertThat(log(f).floor()).isEqualTo(first + 1);
            assertThat(f.entries("tbl", "byX")).isEmpty();
        }
    }

    @Test void afterARestartTheFloorIsTheFirstRecordLeft() {
        InterceptedStorage storage = new InterceptedStorage(TestStorage.open());
        ManualClock clock = new ManualClock();
        Settings lagging = Settings.defaults().withGsiLag(Duration.ofSeconds(10));
        IndexFixture before = new IndexFixture(lagging, storage, clock);
        before.call("CreateTable", TABLE);
        long first = log(before).nextSequence();
        for (int i = 0; i < 3; i++) before.put("tbl", item("early" + i));
        clock.advance(Duration.ofSeconds(10));
        for (int i = 0; i < 2; i++) before.put("tbl", item("late" + i));
        before.propagate();
        assertThat(log(before).floor()).isEqualTo(first + 3);
        before.engine.indexes().close(); // a crash: the propagator stops, the log stays

        try (IndexFixture after = new IndexFixture(lagging, storage, clock)) {
            assertThat(log(after).floor()).isEqualTo(first + 3);
            assertThat(log(after).nextSequence()).isEqualTo(first + 5);
            assertThat(log(after).oldestUnapplied()).contains(new GsiChangeLog.Pending(first + 3, clock.millis()));
            clock.advance(Duration.ofSeconds(10));
            after.propagate();
            assertThat(keys(after)).hasSize(5);
            assertThat(log(after).floor()).isEqualTo(first + 5);
        }
    }

    @Test void oldestUnappliedIsTheFirstChangeNotYetApplied() {
        ManualClock clock = new ManualClock();
        try (IndexFixture f = new IndexFixture(Settings.defaults().withGsiLag(Duration.ofSeconds(1)), TestStorage.open(), clock)) {
            f.call("CreateTable", TABLE);
            GsiChangeLog log = log(f);
            assertThat(log.oldestUnapplied()).isEmpty();
            long first = log.nextSequence();
            long t0 = clock.millis();
            f.put("tbl", item("a"));
            clock.advance(Duration.ofMillis(500));
            f.put("tbl", item("b"));
            assertThat(log.oldestUnapplied()).contains(new GsiChangeLog.Pending(first, t0));
            clock.advance(Duration.ofMillis(600)); // a is due, b is not
            f.propagate();
            assertThat(log.oldestUnapplied()).contains(new GsiChangeLog.Pending(first + 1, t0 + 500));
            clock.advance(Duration.ofSeconds(1));
            f.propagate();
            assertThat(log.oldestUnapplied()).isEmpty();
        }
    }
}
