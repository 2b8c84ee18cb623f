package io.keyline.bench.jmh;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import io.keyline.protocol.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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

/** Request decoding (JSON → typed item) and response encoding (item → JSON) per item size. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ProtocolBenchmark {
    @Param({"200", "4096"})
    public int itemBytes;

    private byte[] putItemBody;
    private Map<String, Object> getItemResponse;
    private Map<String, Object> queryResponse;

    @Setup
    public void setUp() {
        putItemBody = Fixtures.putItemBody(itemBytes);
        Map<String, AttributeValue> item = Fixtures.item(itemBytes);
        getItemResponse = new LinkedHashMap<>();
        getItemResponse.put("Item", item);
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < 10; i++) items.add(item);
        queryResponse = new LinkedHashMap<>();
        queryResponse.put("Count", 10);
        queryResponse.put("Items", items);
        queryResponse.put("ScannedCount", 10);
    }

    /** Json.parse of a PutItem body, then the item decoded and validated. */
    @Benchmark
    public Map<String, AttributeValue> decodePutItemRequest() {
        return JsonObject.of(Json.parse(putItemBody)).item("Item");
    }

    @Benchmark
    public Object parseJsonOnly() {
        return Json.parse(putItemBody);
    }

    @Benchmark
    public byte[] encodeGetItemResponse() {
        return Json.write(getItemResponse);
    }

    @Benchmark
    public byte[] encodeQueryResponseOf10() {
        return Json.write(queryResponse);
    }
}
