package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.control.Constraints;
import io.keyline.op.control.Tags;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ListTagsOfResource: a table's tags in the order they were first set. A table has at most 50,
 * so one page holds them all and NextToken is never needed. Stateless.
 */
public final class ListTagsOfResource implements Operation<JsonObject> {
    private final Engine engine;

    public ListTagsOfResource(Engine engine) { this.engine = engine; }

    @Override public String name() { return "ListTagsOfResource"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    /** Not yet decoded into a record: the handler reads the wire object itself. */
    @Override public JsonObject decode(JsonObject request) { return request; }

    @Override public Object run(JsonObject request) {
        Constraints c = new Constraints();
        String arn = request.string("ResourceArn");
        Tags.constrainArn(arn, c);
        c.throwIfAny();
        TableMetadata table = Tags.table(arn, engine.catalog(), engine.settings());
        List<Object> tags = new ArrayList<>();
        table.tags().forEach((k, v) -> {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("Key", k);
            t.put("Value", v);
            tags.add(t);
        });
        return Map.of("Tags", tags);
    }
}
