package io.keyline.bench.engine;

import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.simulator.report.PatternReport;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableReport;
import io.keyline.simulator.run.SimRequest;
import io.keyline.simulator.run.Simulation;
import io.keyline.simulator.run.TrafficSource;
import io.keyline.simulator.run.Workload;
import io.keyline.time.SystemClock;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The simulator's speed on the seeds' IoT case (a main, not a test): a table of 180,000 WCU
 * (10,000 RCU) whose GSI by-day (180,000 WCU) is keyed on the day, 140,000 writes a second of
 * 1 KB items from a million devices for ten simulated minutes, the client retrying as an SDK does
 * (3 attempts, 25 ms base, 20 s cap). The Workload is built here in Java. Reports executed and
 * simulated requests a second of wall time, simulated minutes per wall second, the CPU time of
 * the run's thread (this machine is shared: wall time varies with the load, CPU time much less),
 * and the outcome, which must be the seed's: every write on one GSI partition, throttled with
 * IndexWriteKeyRangeThroughputExceeded, the table near 1,000 WCU of its 180,000.
 *
 * <p>Arguments: {@code [minutes=10] [rate=140000] [storage=SIZES|MEMORY] [fraction=auto]};
 * {@code --footprint N} instead measures the heap per preloaded item in both storage modes.
 * Run with {@code bench/run.sh --main SimulatorBenchmark}; docs/BENCHMARKS.md has the figures.
 */
public final class SimulatorBenchmark {
    private static final String PAYLOAD = "x".repeat(960);

    private SimulatorBenchmark() {}

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("--footprint")) {
            footprint(args.length > 1 ? Integer.parseInt(args[1]) : 200_000);
            return;
        }
        int minutes = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        double rate = args.length > 1 ? Double.parseDouble(args[1]) : 140_000;
        Simulation.StorageMode storage = Simulation.StorageMode.valueOf(args.length > 2 ? args[2] : "SIZES");
        Double fraction = args.length > 3 && !args[3].equals("auto") ? Double.valueOf(args[3]) : null;
        // warm-up: one simulated minute at a tenth of the rate, unreported
        Simulation.run(iot(1, rate / 10, 0), new Simulation.Options(storage, fraction), (s, t, n) -> {});
        var cpu = ManagementFactory.getThreadMXBean();
        long cpuStart = cpu.getCurrentThreadCpuTime();
        long start = SystemClock.INSTANCE.nanos();
        Report report = Simulation.run(iot(minutes, rate, 0), new Simulation.Options(storage, fraction), (s, t, n) -> {});
        double wall = (SystemClock.INSTANCE.nanos() - start) / 1e9;
        double cpuSeconds = (cpu.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        PatternReport writes = report.patterns().get(0);
        double fractionUsed = report.sampling().get("writes");
        long executed = Math.round(writes.requests() * fractionUsed);
        System.out.printf(Locale.ROOT, "IoT case: %d simulated minutes, %,.0f writes/s, storage %s, sample fraction %.4f%n",
                minutes, rate, storage, fractionUsed);
        System.out.printf(Locale.ROOT, "wall %.1f s (run thread CPU %.1f s): %,.0f simulated requests/s, %,.0f executed requests/s, "
                + "%.2f simulated minutes per wall second%n", wall, cpuSeconds, writes.requests() / wall, executed / wall, minutes / wall);
        TableReport table = report.tables().get(0);
        ResourceReport gsi = table.gsis().get(0);
        System.out.printf(Locale.ROOT, "outcome: table peak %,.0f WCU/s of 180,000; GSI %s partitions %d, throttles %s; "
                + "writes %,d requested, %,d succeeded, %,d failed, %,d throttled attempts; p50 %.1f ms, p99 %.1f ms%n",
                table.table().totals().peakConsumedWriteUnitsPerSecond(), gsi.index(), gsi.partitionCount(),
                gsi.totals().throttleEventsByReason(), writes.requests(), writes.succeeded(), writes.failed(), writes.throttledAttempts(),
                writes.latency().p50(), writes.latency().p99());
    }

    /** The IoT workload: {@code minutes} of {@code rate} writes a second, and {@code preload} items loaded first. */
    static Workload iot(int minutes, double rate, long preload) {
        Duration duration = Duration.ofMinutes(minutes);
        JsonObject create = JsonObject.of(Json.parse(("{'TableName':'events','KeySchema':[{'AttributeName':'deviceId','KeyType':'HASH'},"
                + "{'AttributeName':'ts','KeyType':'RANGE'}],'AttributeDefinitions':[{'AttributeName':'deviceId','AttributeType':'S'},"
                + "{'AttributeName':'ts','AttributeType':'N'},{'AttributeName':'day','AttributeType':'S'}],"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':10000,'WriteCapacityUnits':180000},"
                + "'GlobalSecondaryIndexes':[{'IndexName':'by-day','KeySchema':[{'AttributeName':'day','KeyType':'HASH'},"
                + "{'AttributeName':'ts','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'},"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':10000,'WriteCapacityUnits':180000}}]}")
                .replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
        TrafficSource traffic = scale -> {
            double gap = 1e9 / (rate * scale[0]);
            long end = duration.toNanos();
            SplittableRandom random = new SplittableRandom(42);
            long[] sent = {0};
            return () -> {
                long at = (long) (sent[0]++ * gap);
                if (at >= end) return null;
                return new SimRequest(at, 0, "PutItem", put("device-" + random.nextInt(1_000_000), at, "2026-01-05"));
            };
        };
        List<Workload.Preload> preloads = preload == 0 ? List.of() : List.of(new Workload.Preload("events", preload,
                i -> new JsonObject(item("device-" + i, i, "2026-01-04"))));
        return new Workload("iot-before", 42, duration, List.of(create), preloads,
                List.of(new Workload.Pattern("writes", "PutItem", "events", null, rate)),
                new Workload.ClientModel(3, Duration.ofMillis(25), Duration.ofSeconds(20)), traffic, Map.of(), "us-east-1");
    }

    private static JsonObject put(String device, long atNanos, String day) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("TableName", "events");
        body.put("Item", item(device, atNanos, day));
        return new JsonObject(body);
    }

    private static Map<String, Object> item(String device, long ts, String day) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("deviceId", Map.of("S", device));
        item.put("ts", Map.of("N", Long.toString(ts)));
        item.put("day", Map.of("S", day));
        item.put("payload", Map.of("S", PAYLOAD));
        return item;
    }

    /** Heap per preloaded item (with its GSI entry), whole and sizes only, measured while the run's database is alive. */
    private static void footprint(int items) {
        for (Simulation.StorageMode mode : new Simulation.StorageMode[] {Simulation.StorageMode.MEMORY, Simulation.StorageMode.SIZES}) {
            long before = usedAfterGc();
            long[] during = {0};
            Simulation.run(iot(0, 1, items), new Simulation.Options(mode, 1.0), (s, t, n) -> during[0] = usedAfterGc());
            System.out.printf(Locale.ROOT, "%s: %,d items of about 1 KB with one GSI entry each: %,.0f bytes of heap per item%n",
                    mode, items, (double) (during[0] - before) / items);
        }
    }

    private static long usedAfterGc() {
        Runtime r = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) System.gc();
        return r.totalMemory() - r.freeMemory();
    }
}
