package io.keyline.bench.jmh;

import io.keyline.simulator.run.SimRequest;
import io.keyline.simulator.run.TrafficSource;
import io.keyline.simulator.run.Workload;
import io.keyline.simulator.scenario.ScenarioException;
import io.keyline.simulator.scenario.ScenarioFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
 * How fast a scenario's traffic is generated (requests a second of wall time, one thread): the
 * arrival process, the key and value generators, and the request bodies as maps, for examples
 * of the seeds' cases. The runner's own cost (the engine) is not in it. Run from the repository
 * root ({@code bench/run.sh --jmh ScenarioTraffic}); the traffic is reopened when a pass ends.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ScenarioTrafficBenchmark {
    /** iot-before: 140,000 puts a second of ~300-byte telemetry; orders-after: puts, keysFrom updates, sharded queries. */
    @Param({"iot-before.yaml", "orders-after.yaml", "hotkey-after.yaml"})
    public String example;

    private Workload workload;
    private double[] scale;
    private TrafficSource.Traffic traffic;

    @Setup
    public void setUp() throws ScenarioException {
        Path dir = Files.isDirectory(Path.of("examples")) ? Path.of("examples") : Path.of("..", "examples");
        workload = ScenarioFile.load(dir.resolve(example));
        scale = new double[workload.patterns().size()];
        Arrays.fill(scale, 1.0);
        traffic = workload.traffic().open(scale);
    }

    @Benchmark
    public SimRequest nextRequest() {
        SimRequest r = traffic.next();
        if (r == null) {
            traffic = workload.traffic().open(scale);
            r = traffic.next();
        }
        return r;
    }
}
