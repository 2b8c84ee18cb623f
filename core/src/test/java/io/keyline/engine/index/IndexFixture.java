package io.keyline.engine.index;


import io.keyline.engine.Engine;
import io.keyline.metadata.IndexMetadata;
import io.keyline.engine.config.Settings;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.api.KeyRange;
import io.keyline.error.ApiException;
import io.keyline.testing.OperationCalls;
import io.keyline.model.AttributeValue;
import io.keyline.op.Operations;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.Cursor;
import io.keyline.storage.Storage;
import io.keyline.testing.TestStorage;
import io.keyline.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An engine on the test storage ({@link TestStorage}) with a manual clock, driven through the operations with JSON
 * written in single quotes, plus direct views of index keyspaces. Not thread-safe to build.
 */
final class IndexFixture implements AutoCloseable {
    final ManualClock clock;
    final Storage storage;
    final Engine engine;
    final Operations operations;

    IndexFixture() { this(Settings.defaults()); }

    IndexFixture(Settings settings) { this(settings, TestStorage.open(), new ManualClock()); }

    IndexFixture(Settings settings, Storage storage, ManualClock clock) {
        this.clock = clock;
        this.storage = storage;
        this.engine = new Engine(storage, clock, settings);
        this.operations = new Operations(engine);
    }

    Map<String, Object> call(String op, String json) { return OperationCalls.call(operations, op, json); }

    ApiException fail(String op, String json) { return OperationCalls.fail(operations, op, json); }

    static JsonObject request(String json) { return OperationCalls.request(json); }

    void put(String table, String item) { call("PutItem", "{'TableName':'" + table + "','Item':" + item + "}"); }

    /** The DescribeTable entry of one GSI or LSI. */
    @SuppressWarnings("unchecked")
    Map<String, Object> describeIndex(String table, String index) {
        Map<String, Object> t = (Map<String, Object>) call("DescribeTable", "{'TableName':'" + table + "'}").get("Table");
        for (String kind : List.of("GlobalSecondaryIndexes", "LocalSecondaryIndexes")) {
            for (Object o : (List<Object>) t.getOrDefault(kind, List.of())) {
                Map<String, Object> i = (Map<String, Object>) o;
                if (index.equals(i.get("IndexName"))) return i;
            }
        }
        return null;
    }

    TableMetadata table(String name) { return engine.catalog().get(name); }

    /** Applies every GSI change that is due now. */
    void propagate() { engine.indexes().propagateDue(); }

    /** The stored entries of an index, in index order. */
    List<Map<String, AttributeValue>> entries(String table, String index) {
        IndexMetadata i = table(table).index(index);
        return scan(KeyCodec.keyspaceRange(i.keyspaceId()));
    }

    /** The items of a table, in storage order. */
    List<Map<String, AttributeValue>> items(String table) {
        return scan(KeyCodec.keyspaceRange(table(table).keyspaceId()));
    }

    private List<Map<String, AttributeValue>> scan(KeyRange range) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        try (Cursor c = storage.range(range.start(), range.end(), false)) {
            while (c.next()) out.add(ItemCodec.decode(c.value()));
        }
        return out;
    }

    static AttributeValue s(String v) { return AttributeValue.s(v); }

    static AttributeValue n(long v) { return AttributeValue.n(v); }

    @Override public void close() { engine.close(); }
}
