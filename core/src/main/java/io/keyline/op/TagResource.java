package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.metadata.TableMetadata;
import io.keyline.error.Errors;
import io.keyline.op.request.Constraints;
import io.keyline.op.control.SchemaDecoder;
import io.keyline.op.control.Tags;
import io.keyline.op.request.Tag;
import io.keyline.op.request.TagResourceRequest;
import io.keyline.protocol.JsonObject;
import io.keyline.protocol.shape.Violations;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TagResource: adds or overwrites tags of a table, synchronously (DynamoDB applies them within
 * seconds; at once is one of the outcomes it allows). Stateless.
 */
public final class TagResource implements Operation<TagResourceRequest> {
    private final Tables tables;

    public TagResource(Engine engine) { this.tables = engine.tables(); }

    @Override public String name() { return "TagResource"; }

    @Override public TagResourceRequest decode(JsonObject request) {
        return new TagResourceRequest(request.string("ResourceArn"), SchemaDecoder.tags(request));
    }

    /** The tags' pattern, with the shape's violations (Tags#read). */
    @Override public void constraints(JsonObject request, Violations violations) {
        Tags.read(SchemaDecoder.tags(request), "tags", new Constraints(violations));
    }

    @Override public Object run(TagResourceRequest request) {
        String arn = request.resourceArn();
        List<Tag> list = request.tags();
        Map<String, String> added = Tags.read(list, "tags", new Constraints(new Violations()));
        if (list.isEmpty()) throw Errors.validation("Atleast one Tag needs to be provided as Input.");
        TableMetadata table = Tags.table(arn, tables);
        tables.update(table.name(), current -> {
            Map<String, String> tags = new LinkedHashMap<>(current.tags());
            tags.putAll(added);
            Tags.checkSemantics(added, tags.size());
            return current.toBuilder().tags(tags).build();
        });
        return null; // DynamoDB answers TagResource with an empty body (test_manual_requests)
    }
}
