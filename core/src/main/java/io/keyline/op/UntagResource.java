package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.control.Constraints;
import io.keyline.op.control.Tags;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** UntagResource: removes tags of a table by key; removing a key it does not have is fine. Stateless. */
public final class UntagResource implements Operation<JsonObject> {
    private final Engine engine;

    public UntagResource(Engine engine) { this.engine = engine; }

    @Override public String name() { return "UntagResource"; }

    /** Not yet decoded into a record: the handler reads the wire object itself. */
    @Override public JsonObject decode(JsonObject request) { return request; }

    @Override public Object run(JsonObject request) {
        Constraints c = new Constraints();
        String arn = request.string("ResourceArn");
        Tags.constrainArn(arn, c);
        List<String> keys = request.strings("TagKeys");
        c.notNull("tagKeys", keys);
        if (keys != null) {
            for (int i = 0; i < keys.size(); i++) {
                String p = "tagKeys." + (i + 1) + ".member";
                c.notNull(p, keys.get(i));
                c.length(p, keys.get(i), 1, Tags.MAX_KEY_LENGTH);
            }
        }
        c.throwIfAny();
        TableMetadata table = Tags.table(arn, engine.catalog(), engine.settings());
        engine.catalog().update(table.name(), current -> {
            Map<String, String> tags = new LinkedHashMap<>(current.tags());
            keys.forEach(tags::remove);
            return current.toBuilder().tags(tags).build();
        });
        return null; // an empty body, as DynamoDB sends
    }
}
