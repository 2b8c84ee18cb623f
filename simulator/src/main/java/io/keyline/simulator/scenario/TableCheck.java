package io.keyline.simulator.scenario;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.op.Operations;
import io.keyline.protocol.JsonObject;
import io.keyline.simulator.run.Workload;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.ManualClock;
import java.util.List;

/**
 * Checks the scenario's tables the way DynamoDB would: each CreateTable body is sent, in order, to
 * a scratch in-memory engine, so a table the run would refuse is refused while loading, at its
 * line, with DynamoDB's own message. Loading only; the engine lives for one check.
 */
final class TableCheck {
    private TableCheck() {}

    /**
     * @param bodies    the CreateTable bodies, in scenario order
     * @param pointers  where each table is in the file
     * @param quotas    the account's quotas, as the run's engine applies them
     */
    static void check(YamlDocument doc, List<JsonObject> bodies, List<String> pointers, Workload.Quotas quotas)
            throws ScenarioException {
        Settings settings = Settings.defaults();
        settings = settings.withCapacity(settings.capacity().withTableQuota(quotas.tableReadCapacityUnits(), quotas.tableWriteCapacityUnits()));
        try (Engine engine = new Engine(new MemoryStorage(), new ManualClock(), settings)) {
            Operations ops = new Operations(engine);
            for (int i = 0; i < bodies.size(); i++) {
                try {
                    ops.dispatch("CreateTable", PlainJson.copy(bodies.get(i)));
                } catch (ApiException e) {
                    String name = bodies.get(i).string("TableName");
                    throw doc.error(pointers.get(i), "table '" + name + "': DynamoDB would refuse it: "
                            + e.name() + ": " + e.getMessage());
                }
            }
        }
    }
}
