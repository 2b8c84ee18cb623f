package io.keyline.bench.jmh;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacityModel;
import io.keyline.capacity.CapacitySettings;
import io.keyline.capacity.PartitionMap;
import io.keyline.capacity.SortPosition;
import io.keyline.capacity.TableCapacity;
import io.keyline.capacity.Throttle;
import io.keyline.capacity.Throughput;
import io.keyline.capacity.Units;
import io.keyline.capacity.WriteCharge;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import io.keyline.time.ManualClock;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
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

/**
 * Capacity admission of one 1-unit write and one read on an on-demand table without indexes,
 * over 10,000 keys. A manual clock advances 1 ms per operation, so the table (4,000 writes a
 * second at first) always has room and the admitted path is what is timed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CapacityBenchmark {
    private static final int KEYS = 10_000;
    private static final Duration STEP = Duration.ofMillis(1);

    @Param({"ENFORCE", "ACCOUNT"})
    public CapacityMode mode;

    private final ManualClock clock = new ManualClock();
    private final WriteCharge charge = new WriteCharge();
    private TableCapacity table;
    private long[] tokens;
    private long sort;
    private int next;

    @Setup
    public void setUp() {
        CapacityModel model = new CapacityModel(CapacitySettings.defaults().withMode(mode), clock);
        table = model.register(new CapacityModel.TableSpec("bench_200", "arn:aws:dynamodb:us-east-1:000000000000:table/bench_200",
                true, false, Throughput.onDemand(), List.of()));
        tokens = new long[KEYS];
        for (int i = 0; i < KEYS; i++) tokens[i] = KeyCodec.token(new AttributeValue.S(String.format("item-%06d", i)));
        sort = SortPosition.of(new AttributeValue.N(BigDecimal.ZERO));
    }

    @Benchmark
    public Throttle admitWrite() {
        clock.advance(STEP);
        long token = tokens[next];
        next = (next + 1) % KEYS;
        return table.admitWrite(charge.reset().add(table.table(), token, sort, Units.write(200, 200, false)));
    }

    @Benchmark
    public Throttle admitAndChargeRead() {
        clock.advance(STEP);
        long token = tokens[next];
        next = (next + 1) % KEYS;
        PartitionMap map = table.table();
        Throttle t = map.admitRead(token, sort);
        if (t == null) map.chargeRead(token, sort, 0.5);
        return t;
    }
}
