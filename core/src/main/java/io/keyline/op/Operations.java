package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.error.Errors;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The operation registry: name → handler, built once per engine. Thread-safe after
 * construction (the map is never modified).
 */
public final class Operations {
    private final Map<String, Operation<?>> byName;

    public Operations(Engine engine) {
        this(all(engine));
    }

    public Operations(List<Operation<?>> operations) {
        Map<String, Operation<?>> m = new LinkedHashMap<>();
        for (Operation<?> op : operations) m.put(op.name(), op);
        this.byName = Map.copyOf(m);
    }

    /** Every operation Keyline serves. Add new operations here, one line each. */
    static List<Operation<?>> all(Engine engine) {
        return List.of(
                new CreateTable(engine),
                new DescribeTable(engine),
                new ListTables(engine),
                new DeleteTable(engine),
                new UpdateTable(engine),
                new TagResource(engine),
                new UntagResource(engine),
                new ListTagsOfResource(engine),
                new DescribeEndpoints(engine),
                new DescribeLimits(),
                new GetItem(engine),
                new PutItem(engine),
                new UpdateItem(engine),
                new DeleteItem(engine),
                new BatchGetItem(engine),
                new BatchWriteItem(engine),
                new TransactGetItems(engine),
                new TransactWriteItems(engine),
                new Query(engine),
                new Scan(engine),
                new UpdateContributorInsights(engine),
                new DescribeContributorInsights(engine),
                new ListContributorInsights(engine)
        );
    }

    public Operation<?> get(String name) { return byName.get(name); }

    public Map<String, Operation<?>> all() { return byName; }

    /** Runs the named operation; unknown names are UnknownOperationException. */
    public Object dispatch(String name, JsonObject request) {
        Operation<?> op = byName.get(name);
        if (op == null) throw Errors.unknownOperation();
        return op.handle(request);
    }
}
