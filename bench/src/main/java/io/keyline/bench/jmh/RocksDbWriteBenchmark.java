package io.keyline.bench.jmh;

import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import io.keyline.storage.WriteBatch;
import io.keyline.storage.rocksdb.RocksDbStorage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One PutItem's storage write: a one-mutation atomic batch into RocksDB (WAL on, not fsynced,
 * Keyline's default), over 10,000 distinct keys; and a point read of one of them.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RocksDbWriteBenchmark {
    private static final int KEYS = 10_000;
    private static final long KEYSPACE = 7;

    @Param({"200", "4096"})
    public int itemBytes;

    private Path directory;
    private RocksDbStorage storage;
    private byte[][] keys;
    private byte[] value;
    private int next;

    @Setup
    public void setUp() throws IOException {
        directory = Files.createTempDirectory("keyline-jmh-rocksdb");
        storage = new RocksDbStorage(directory);
        Map<String, AttributeValue> item = Fixtures.item(itemBytes);
        value = ItemCodec.encode(item);
        keys = new byte[KEYS][];
        for (int i = 0; i < KEYS; i++) {
            keys[i] = KeyCodec.itemKey(KEYSPACE, new AttributeValue.S(String.format("item-%06d", i)), item.get("sk"));
            storage.write(new WriteBatch().put(keys[i], value));
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        storage.close();
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) Files.delete(p);
        }
    }

    @Benchmark
    public void writeBatchOfOnePut() {
        storage.write(new WriteBatch().put(keys[next], value));
        next = (next + 1) % KEYS;
    }

    @Benchmark
    public byte[] pointGet() {
        byte[] v = storage.get(keys[next]);
        next = (next + 1) % KEYS;
        return v;
    }
}
