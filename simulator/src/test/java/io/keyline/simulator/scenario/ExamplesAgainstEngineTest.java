package io.keyline.simulator.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.op.Operations;
import io.keyline.protocol.JsonObject;
import io.keyline.simulator.run.SimRequest;
import io.keyline.simulator.run.TrafficSource;
import io.keyline.simulator.run.Workload;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The requests each example makes are ones the engine accepts: every pattern's first requests are
 * sent to an in-memory engine (throttling allowed, nothing else), so a body the runner would see
 * refused is caught here, where it is made. Not a simulation: that is the runner's.
 */
class ExamplesAgainstEngineTest {
    private static final Set<String> ALLOWED = Set.of("ProvisionedThroughputExceededException", "ThrottlingException",
            "RequestLimitExceeded", "ConditionalCheckFailedException");

    @ParameterizedTest
    @ValueSource(strings = {"scan-before.yaml", "scan-after.yaml", "iot-before.yaml", "iot-after.yaml",
            "orders-before.yaml", "orders-after.yaml", "hotkey-before.yaml", "hotkey-after.yaml"})
    void everyPatternsRequestsAreAccepted(String file) throws ScenarioException {
        Workload w = ExamplesLoadTest.load(file);
        Settings settings = Settings.defaults();
        settings = settings.withCapacity(settings.capacity().withTableQuota(w.quotas().tableReadCapacityUnits(), w.quotas().tableWriteCapacityUnits()));
        ManualClock clock = new ManualClock();
        try (Engine engine = new Engine(new MemoryStorage(), clock, settings)) {
            Operations ops = new Operations(engine);
            for (JsonObject create : w.createTables()) ops.dispatch("CreateTable", PlainJson.copy(create));
            clock.advance(Duration.ofMinutes(1));
            for (Workload.Preload p : w.preloads()) {
                for (long i = 0; i < 50; i++) {
                    Map<String, Object> put = new LinkedHashMap<>();
                    put.put("TableName", p.table());
                    put.put("Item", p.items().item(i).raw());
                    ops.dispatch("PutItem", new JsonObject(put));
                }
            }
            double[] scale = new double[w.patterns().size()];
            Arrays.fill(scale, 1.0);
            TrafficSource.Traffic t = w.traffic().open(scale);
            Map<Integer, Integer> sent = new HashMap<>();
            long elapsed = 0;
            for (SimRequest r = t.next(); r != null; r = t.next()) {
                if (sent.size() == w.patterns().size() && sent.values().stream().allMatch(n -> n >= 3)) break;
                if (sent.getOrDefault(r.pattern(), 0) >= 3) continue;
                if (r.atNanos() > elapsed) {
                    clock.advance(Duration.ofNanos(r.atNanos() - elapsed));
                    elapsed = r.atNanos();
                }
                try {
                    ops.dispatch(r.operation(), r.body());
                } catch (ApiException e) {
                    assertThat(e.name()).as("%s %s: %s (%s)", file, w.patterns().get(r.pattern()).name(), e.getMessage(), r.body().raw())
                            .isIn(ALLOWED);
                }
                sent.merge(r.pattern(), 1, Integer::sum);
            }
            assertThat(sent).hasSize(w.patterns().size());
        }
    }
}
