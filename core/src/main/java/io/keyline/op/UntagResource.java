package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.request.Constraints;
import io.keyline.op.control.Tags;
import io.keyline.op.request.UntagResourceRequest;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** UntagResource: removes tags of a table by key; removing a key it does not have is fine. Stateless. */
public final class UntagResource implements Operation<UntagResourceRequest> {
    private final Tables tables;

    public UntagResource(Engine engine) { this.tables = engine.tables(); }

    @Override public String name() { return "UntagResource"; }

    @Override public UntagResourceRequest decode(JsonObject request) {
        return new UntagResourceRequest(request.string("ResourceArn"), request.strings("TagKeys"));
    }

    @Override public Object run(UntagResourceRequest request) {
        Constraints c = new Constraints();
        String arn = request.resourceArn();
        Tags.constrainArn(arn, c);
        List<String> keys = request.tagKeys();
        c.notNull("tagKeys", keys);
        if (keys != null) {
            for (int i = 0; i < keys.size(); i++) {
                String p = "tagKeys." + (i + 1) + ".member";
                c.notNull(p, keys.get(i));
                c.length(p, keys.get(i), 1, Tags.MAX_KEY_LENGTH);
            }
        }
        c.throwIfAny();
        TableMetadata table = Tags.table(arn, tables);
        tables.update(table.name(), current -> {
            Map<String, String> tags = new LinkedHashMap<>(current.tags());
            keys.forEach(tags::remove);
            return current.toBuilder().tags(tags).build();
        });
        return null; // an empty body, as DynamoDB sends
    }
}
