package io.keyline.bench.jmh;

import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.protocol.shape.RequestShapes;
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

/**
 * What the model-driven request checks ({@link RequestShapes}: deserialization, then member
 * constraints) add to a PutItem, on a body already parsed, beside the item decoding they would
 * precede ({@code ProtocolBenchmark.decodePutItemRequest} includes the parse).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RequestShapesBenchmark {
    @Param({"200", "4096"})
    public int itemBytes;

    private final RequestShapes shapes = RequestShapes.dynamoDb();
    private Map<String, Object> putItem;

    @Setup
    @SuppressWarnings("unchecked")
    public void setUp() {
        putItem = (Map<String, Object>) Json.parse(Fixtures.putItemBody(itemBytes));
        shapes.validate("PutItem", putItem);
    }

    /** Both checks on a valid PutItem (the map is not changed by them: nothing to coerce). */
    @Benchmark
    public Map<String, Object> validatePutItem() {
        shapes.validate("PutItem", putItem);
        return putItem;
    }

    /** The item decoding the operation does today, for scale. */
    @Benchmark
    public Object decodeItemOnly() {
        return new JsonObject(putItem).item("Item");
    }
}
