package io.keyline.op;


import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.testing.OperationCalls;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.Storage;
import io.keyline.testing.TestStorage;
import io.keyline.time.ManualClock;
import java.util.List;
import java.util.Map;

/**
 * Test harness for control-plane operations: an engine on the test storage ({@link TestStorage}:
 * memory, or RocksDB in storage-rocksdb's run of these tests) with a manual clock,
 * requests written as JSON text (single quotes stand for double quotes, to keep tests readable)
 * and responses read back through the JSON writer and parser, as a client would see them.
 */
final class ControlPlane {
    final ManualClock clock = new ManualClock();
    final Storage storage = TestStorage.open();
    final Engine engine;
    final Operations operations;

    /**
     * Capacity in account mode: the manual clock never moves by itself, so a test that sends a
     * lot of traffic would otherwise meet DynamoDB's throttling, as it would in zero seconds on
     * the real service. Every cost is still computed; capacity tests pass enforcing settings.
     */
    ControlPlane() { this(Settings.defaults().withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT))); }

    /** Settings that throttle, as DynamoDB does (the default of a real server). */
    static Settings enforcing() { return Settings.defaults(); }

    ControlPlane(Settings settings) {
        engine = TestStorage.closeAfterTest(new Engine(storage, clock, settings));
        operations = new Operations(engine);
    }

    /** Runs {@code op} on the request and returns the response as parsed wire JSON. */
    Map<String, Object> call(String op, String json) { return OperationCalls.call(operations, op, json); }

    /** Runs {@code op}, which must fail, and returns the error. */
    ApiException fail(String op, String json) { return OperationCalls.fail(operations, op, json); }

    static JsonObject request(String json) { return OperationCalls.request(json); }

    /** Creates an on-demand table with hash key p (S) and, if {@code sortKey}, range key c (S). */
    Map<String, Object> createSimple(String name, boolean sortKey) {
        String keys = sortKey
                ? "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
                  + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'}]"
                : "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                  + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]";
        return call("CreateTable", "{'TableName':'" + name + "','BillingMode':'PAY_PER_REQUEST'," + keys + "}");
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> describe(String name) {
        return (Map<String, Object>) call("DescribeTable", "{'TableName':'" + name + "'}").get("Table");
    }

    /** Waits for the restores started so far to load their tables (they run in the background). */
    void awaitRestores() {
        try {
            if (!engine.backups().awaitRestores(java.time.Duration.ofSeconds(60))) throw new AssertionError("restores still running after 60 s");
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    String arn(String name) { return (String) describe(name).get("TableArn"); }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) { return (Map<String, Object>) o; }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o) { return (List<Object>) o; }

    static String quote(String s) { return "'" + s + "'"; }

    static String repeat(char c, int n) { return String.valueOf(c).repeat(n); }
}
