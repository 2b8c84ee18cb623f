package io.keyline.bench.jmh;

import io.keyline.expr.Condition;
import io.keyline.expr.ExpressionContext;
import io.keyline.expr.Update;
import io.keyline.expr.UpdateResult;
import io.keyline.model.AttributeValue;
import java.math.BigDecimal;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The benchmark's UpdateItem expressions: condition and update parsed through the shared parse
 * cache (a hit, as in steady state), parsed with a miss every time (distinct texts cycling
 * through more entries than the cache holds), and evaluated against a 200-byte item.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ExpressionBenchmark {
    private static final String CONDITION = "attribute_exists(pk) AND #n < :limit";
    private static final String UPDATE = "SET #n = #n + :one";
    /** More distinct texts than ParseCache.DEFAULT_CAPACITY (2048), visited in a cycle: every lookup misses. */
    private static final int DISTINCT_TEXTS = 4096;

    private final Map<String, String> names = Map.of("#n", "n");
    private final Map<String, AttributeValue> values = Map.of(
            ":one", new AttributeValue.N(BigDecimal.ONE), ":limit", new AttributeValue.N(BigDecimal.valueOf(1_000_000)));
    private String[] uncachedTexts;
    private int next;
    private Map<String, AttributeValue> item;
    private Condition condition;
    private Update update;

    @Setup
    public void setUp() {
        uncachedTexts = new String[DISTINCT_TEXTS];
        for (int i = 0; i < DISTINCT_TEXTS; i++) uncachedTexts[i] = CONDITION + " AND attribute_not_exists(a" + i + ")";
        item = Fixtures.item(200);
        ExpressionContext context = new ExpressionContext(names, values);
        condition = context.condition(CONDITION, "ConditionExpression");
        update = context.update(UPDATE);
    }

    @Benchmark
    public Condition parseConditionCached() {
        return new ExpressionContext(names, values).condition(CONDITION, "ConditionExpression");
    }

    @Benchmark
    public Condition parseConditionUncached() {
        String text = uncachedTexts[next];
        next = (next + 1) % DISTINCT_TEXTS;
        return new ExpressionContext(names, values).condition(text, "ConditionExpression");
    }

    @Benchmark
    public Update parseUpdateCached() {
        return new ExpressionContext(names, values).update(UPDATE);
    }

    @Benchmark
    public boolean evaluateCondition() {
        return condition.test(item);
    }

    @Benchmark
    public UpdateResult applyUpdate() {
        return update.apply(item);
    }
}
