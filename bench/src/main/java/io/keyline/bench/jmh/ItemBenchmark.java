package io.keyline.bench.jmh;

import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;

/** Per-item work on the write and read paths: size by DynamoDB's rules, key encoding, item encoding. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ItemBenchmark {
    private static final long KEYSPACE = 7;

    @Param({"200", "4096"})
    public int itemBytes;

    private Map<String, AttributeValue> item;
    private byte[] encoded;
    private AttributeValue pk;
    private AttributeValue sk;

    @Setup
    public void setUp() {
        item = Fixtures.item(itemBytes);
        encoded = ItemCodec.encode(item);
        pk = item.get("pk");
        sk = item.get("sk");
    }

    @Benchmark
    public long itemSize() {
        return ItemSize.of(item);
    }

    /** Keyspace, Murmur3 token, ordered encodings of the partition and sort keys. */
    @Benchmark
    public byte[] encodeItemKey() {
        return KeyCodec.itemKey(KEYSPACE, pk, sk);
    }

    @Benchmark
    public byte[] encodeItem() {
        return ItemCodec.encode(item);
    }

    @Benchmark
    public Map<String, AttributeValue> decodeItem() {
        return ItemCodec.decode(encoded);
    }
}
