package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.metadata.TableMetadata;
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
        // ResourceArn and TagKeys (present, each key 1 to 128 characters) are checked with the shape.
        String arn = request.resourceArn();
        List<String> keys = request.tagKeys();
        TableMetadata table = Tags.table(arn, tables);
        tables.update(table.name(), current -> {
            Map<String, String> tags = new LinkedHashMap<>(current.tags());
            keys.forEach(tags::remove);
            return current.toBuilder().tags(tags).build();
        });
        return null; // an empty body, as DynamoDB sends
    }
}
