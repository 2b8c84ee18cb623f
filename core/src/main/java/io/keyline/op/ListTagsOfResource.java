package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.control.Tags;
import io.keyline.op.request.ListTagsOfResourceRequest;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ListTagsOfResource: a table's tags in the order they were first set. A table has at most 50,
 * so one page holds them all and NextToken is never needed. Stateless.
 */
public final class ListTagsOfResource implements Operation<ListTagsOfResourceRequest> {
    private final Tables tables;

    public ListTagsOfResource(Engine engine) { this.tables = engine.tables(); }

    @Override public String name() { return "ListTagsOfResource"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    @Override public ListTagsOfResourceRequest decode(JsonObject request) {
        return new ListTagsOfResourceRequest(request.string("ResourceArn"));
    }

    @Override public Object run(ListTagsOfResourceRequest request) {
        String arn = request.resourceArn();
        TableMetadata table = Tags.table(arn, tables);
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
