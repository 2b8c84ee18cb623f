package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.metadata.TableMetadata;
import io.keyline.error.Errors;
import io.keyline.op.control.Constraints;
import io.keyline.op.control.Tags;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TagResource: adds or overwrites tags of a table, synchronously (DynamoDB applies them within
 * seconds; at once is one of the outcomes it allows). Stateless.
 */
public final class TagResource implements Operation<JsonObject> {
    private final Engine engine;

    public TagResource(Engine engine) { this.engine = engine; }

    @Override public String name() { return "TagResource"; }

    /** Not yet decoded into a record: the handler reads the wire object itself. */
    @Override public JsonObject decode(JsonObject request) { return request; }

    @Override public Object run(JsonObject request) {
        Constraints c = new Constraints();
        String arn = request.string("ResourceArn");
        Tags.constrainArn(arn, c);
        List<JsonObject> list = request.objects("Tags");
        c.notNull("tags", list);
        Map<String, String> added = Tags.read(list, "tags", c);
        c.throwIfAny();
        if (list.isEmpty()) throw Errors.validation("Atleast one Tag needs to be provided as Input.");
        TableMetadata table = Tags.table(arn, engine.catalog(), engine.settings());
        engine.catalog().update(table.name(), current -> {
            Map<String, String> tags = new LinkedHashMap<>(current.tags());
            tags.putAll(added);
            Tags.checkSemantics(added, tags.size());
            return current.toBuilder().tags(tags).build();
        });
        return null; // DynamoDB answers TagResource with an empty body (test_manual_requests)
    }
}
