package io.keyline.op.control;

import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.WarmThroughput;
import io.keyline.op.request.AttributeDefinition;
import io.keyline.op.request.GlobalSecondaryIndexUpdate;
import io.keyline.op.request.IndexProjection;
import io.keyline.op.request.KeySchemaElement;
import io.keyline.op.request.ProvisionedThroughput;
import io.keyline.op.request.SecondaryIndex;
import io.keyline.op.request.SseSpecification;
import io.keyline.op.request.StreamSpecification;
import io.keyline.op.request.Tag;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/**
 * Decodes the structures the control-plane requests share (attribute definitions, key schemas,
 * indexes, throughput, stream and SSE specifications, tags, GSI updates) into their records in
 * {@code io.keyline.op.request}. It does what DynamoDB's deserializer does and nothing more: a
 * member of the wrong JSON type is a SerializationException (from {@link JsonObject}); missing
 * members and JSON nulls, also inside lists, stay null for the constraints to report. Stateless.
 */
public final class SchemaDecoder {
    private SchemaDecoder() {}

    public static List<AttributeDefinition> attributeDefinitions(JsonObject request) {
        return list(request.objects("AttributeDefinitions"),
                o -> new AttributeDefinition(o.string("AttributeName"), o.string("AttributeType")));
    }

    public static List<KeySchemaElement> keySchema(JsonObject parent) {
        return list(parent.objects("KeySchema"), o -> new KeySchemaElement(o.string("AttributeName"), o.string("KeyType")));
    }

    public static ProvisionedThroughput throughput(JsonObject pt) {
        if (pt == null) return null;
        return new ProvisionedThroughput(pt.longValue("ReadCapacityUnits"), pt.longValue("WriteCapacityUnits"));
    }

    public static OnDemandThroughput onDemand(JsonObject od) {
        if (od == null) return null;
        return new OnDemandThroughput(od.longValue("MaxReadRequestUnits"), od.longValue("MaxWriteRequestUnits"));
    }

    public static WarmThroughput warm(JsonObject w) {
        if (w == null) return null;
        return new WarmThroughput(w.longValue("ReadUnitsPerSecond"), w.longValue("WriteUnitsPerSecond"));
    }

    /** An index definition; only a GSI has throughput members. */
    public static SecondaryIndex index(JsonObject idx, boolean global) {
        String name = idx.string("IndexName");
        List<KeySchemaElement> keys = keySchema(idx);
        JsonObject p = idx.object("Projection");
        IndexProjection projection = p == null ? null : new IndexProjection(p.string("ProjectionType"), p.strings("NonKeyAttributes"));
        ProvisionedThroughput pt = global ? throughput(idx.object("ProvisionedThroughput")) : null;
        OnDemandThroughput od = global ? onDemand(idx.object("OnDemandThroughput")) : null;
        return new SecondaryIndex(name, keys, projection, pt, od, global ? warm(idx.object("WarmThroughput")) : null);
    }

    public static List<SecondaryIndex> indexes(JsonObject request, String member, boolean global) {
        return list(request.objects(member), o -> index(o, global));
    }

    public static StreamSpecification stream(JsonObject request) {
        JsonObject s = request.object("StreamSpecification");
        return s == null ? null : new StreamSpecification(s.bool("StreamEnabled"), s.string("StreamViewType"));
    }

    public static SseSpecification sse(JsonObject request) {
        JsonObject s = request.object("SSESpecification");
        return s == null ? null : new SseSpecification(s.bool("Enabled"), s.string("SSEType"), s.string("KMSMasterKeyId"));
    }

    public static List<Tag> tags(JsonObject request) {
        return list(request.objects("Tags"), o -> new Tag(o.string("Key"), o.string("Value")));
    }

    public static List<GlobalSecondaryIndexUpdate> indexUpdates(JsonObject request) {
        return list(request.objects("GlobalSecondaryIndexUpdates"), u -> {
            JsonObject update = u.object("Update");
            JsonObject create = u.object("Create");
            JsonObject delete = u.object("Delete");
            return new GlobalSecondaryIndexUpdate(
                    update == null ? null : new GlobalSecondaryIndexUpdate.Update(update.string("IndexName"),
                            throughput(update.object("ProvisionedThroughput")), onDemand(update.object("OnDemandThroughput")),
                            warm(update.object("WarmThroughput"))),
                    create == null ? null : index(create, true),
                    delete == null ? null : new GlobalSecondaryIndexUpdate.Delete(delete.string("IndexName")));
        });
    }

    /** Each non-null element decoded in order; null elements kept as null; null for an absent list. */
    private static <T> List<T> list(List<JsonObject> members, Function<JsonObject, T> decode) {
        if (members == null) return null;
        List<T> out = new ArrayList<>(members.size());
        for (JsonObject m : members) out.add(m == null ? null : decode.apply(m));
        return Collections.unmodifiableList(out);
    }
}
