package io.keyline.engine.catalog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.keyline.error.InternalFailure;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexKind;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.InsightsMode;
import io.keyline.metadata.InsightsState;
import io.keyline.metadata.InsightsStatus;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.Projection;
import io.keyline.metadata.ProjectionType;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.metadata.SseSettings;
import io.keyline.metadata.StreamSettings;
import io.keyline.metadata.TableInsights;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.metadata.TimeToLiveState;
import io.keyline.metadata.TimeToLiveStatus;
import io.keyline.metadata.WarmThroughput;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The persisted form of {@link TableMetadata}: a compact JSON object with an explicit format
 * version ({@value #FORMAT_VERSION} now), so later versions can read or migrate old records.
 * Format 2 adds the table's namespace, {@code Account} and {@code Region} after {@code Name}
 * (they must agree with the ARN); format 1, written before tables had namespaces, is still read,
 * as a table whose namespace its ARN names (the catalog moves it into the default namespace).
 * Members are written in a fixed order; instants are ISO-8601 strings (nanosecond precision
 * survives); absent optional values are JSON null, except {@code Stream}, {@code Sse} and
 * {@code Warm} (a requested warm throughput, table or GSI) and a GSI's {@code StatusUntil}
 * (when a DELETING GSI is gone), both added later within format 1, which are left out, so a
 * record without them reads as it always did; so is {@code Insights} (the Contributor Insights
 * states of the table and its GSIs), left out while none was ever configured, and {@code TimeToLive}
 * (the table's Time to Live setting), left out while UpdateTimeToLive never changed it. The catalog's own format, independent of the wire protocol's JSON: the bytes
 * are those earlier versions wrote (the golden file in CatalogCodecTest holds them), so their
 * data loads unchanged. A record this version cannot read fails with an {@link InternalFailure}.
 * Stateless and thread-safe.
 */
final class CatalogCodec {
    static final int FORMAT_VERSION = 2;
    /** The format before namespaces: read, never written. */
    static final int FORMAT_WITHOUT_NAMESPACE = 1;
    private static final JsonFactory FACTORY = new JsonFactory();

    private CatalogCodec() {}

    static byte[] encode(TableMetadata t) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
        try (JsonGenerator g = FACTORY.createGenerator(bytes)) {
            writeTable(g, t);
        } catch (IOException e) {
            throw new InternalFailure("encoding the catalog record of table " + t.name(), e.getMessage(), e);
        }
        return bytes.toByteArray();
    }

    static TableMetadata decode(byte[] bytes) {
        CatalogRecord m = CatalogRecord.parse(bytes);
        long version = m.longValue("FormatVersion");
        if (version != FORMAT_VERSION && version != FORMAT_WITHOUT_NAMESPACE) {
            throw new InternalFailure(CatalogRecord.DECODING, "catalog record format " + version
                    + " is not readable by this version (it reads formats " + FORMAT_WITHOUT_NAMESPACE + " and " + FORMAT_VERSION + ")");
        }
        if (version == FORMAT_VERSION) checkNamespace(m);
        Map<String, ScalarType> defs = new LinkedHashMap<>();
        CatalogRecord definitions = m.object("AttributeDefinitions");
        for (String name : definitions.names()) defs.put(name, definitions.enumValue(name, ScalarType.class));
        StreamSettings stream = null;
        if (m.has("Stream")) {
            CatalogRecord s = m.object("Stream");
            stream = new StreamSettings(s.bool("Enabled"), s.optionalString("ViewType"), s.optionalString("Label"),
                    s.optionalInstant("EnabledAt"));
        }
        SseSettings sse = null;
        if (m.has("Sse")) {
            CatalogRecord s = m.object("Sse");
            sse = new SseSettings(s.optionalString("SseType"), s.optionalString("KmsMasterKeyId"));
        }
        return new TableMetadata(
                m.string("Name"), m.string("TableId"), m.string("Arn"), m.longValue("KeyspaceId"),
                m.instant("CreationTime"), m.enumValue("Status", TableStatus.class), keySchema(m), defs,
                m.enumValue("BillingMode", BillingMode.class), m.optionalInstant("LastUpdateToPayPerRequest"),
                throughput(m.optionalObject("Throughput")), onDemand(m.optionalObject("OnDemand")),
                indexes(m, "LocalIndexes"), indexes(m, "GlobalIndexes"), stream, sse,
                m.optionalString("TableClass"), m.bool("DeletionProtection"), m.stringMap("Tags"),
                m.optionalInstant("StatusUntil"), m.instants("PayPerRequestSwitches"), warm(m), insights(m),
                timeToLive(m));
    }

    static byte[] utf8(String s) { return s.getBytes(StandardCharsets.UTF_8); }

    /** A format-2 record's Account and Region must be those its ARN names. */
    private static void checkNamespace(CatalogRecord m) {
        Namespace stored;
        try {
            stored = new Namespace(m.string("Account"), m.string("Region"));
        } catch (IllegalArgumentException e) {
            throw CatalogRecord.malformed("record " + e.getMessage());
        }
        if (!stored.equals(Namespace.ofArn(m.string("Arn")))) {
            throw CatalogRecord.malformed("record.Arn " + m.string("Arn") + " is not in namespace " + stored);
        }
    }

    // ---- writing ----------------------------------------------------------------------------

    private static void writeTable(JsonGenerator g, TableMetadata t) throws IOException {
        g.writeStartObject();
        g.writeNumberField("FormatVersion", FORMAT_VERSION);
        g.writeStringField("Name", t.name());
        Namespace ns = t.namespace();
        g.writeStringField("Account", ns.account());
        g.writeStringField("Region", ns.region());
        g.writeStringField("TableId", t.tableId());
        g.writeStringField("Arn", t.arn());
        g.writeNumberField("KeyspaceId", t.keyspaceId());
        writeInstant(g, "CreationTime", t.creationTime());
        g.writeStringField("Status", t.status().name());
        writeInstant(g, "StatusUntil", t.statusUntil());
        writeKeySchema(g, t.keySchema());
        g.writeObjectFieldStart("AttributeDefinitions");
        for (Map.Entry<String, ScalarType> d : t.attributeDefinitions().entrySet()) g.writeStringField(d.getKey(), d.getValue().name());
        g.writeEndObject();
        g.writeStringField("BillingMode", t.billingMode().name());
        writeInstant(g, "LastUpdateToPayPerRequest", t.lastUpdateToPayPerRequest());
        writeThroughput(g, t.throughput());
        writeOnDemand(g, t.onDemand());
        writeIndexes(g, "LocalIndexes", t.localIndexes());
        writeIndexes(g, "GlobalIndexes", t.globalIndexes());
        if (t.stream() != null) {
            g.writeObjectFieldStart("Stream");
            g.writeBooleanField("Enabled", t.stream().enabled());
            g.writeStringField("ViewType", t.stream().viewType());
            g.writeStringField("Label", t.stream().label());
            writeInstant(g, "EnabledAt", t.stream().enabledAt());
            g.writeEndObject();
        }
        if (t.sse() != null) {
            g.writeObjectFieldStart("Sse");
            g.writeStringField("SseType", t.sse().sseType());
            g.writeStringField("KmsMasterKeyId", t.sse().kmsMasterKeyId());
            g.writeEndObject();
        }
        g.writeStringField("TableClass", t.tableClass());
        g.writeBooleanField("DeletionProtection", t.deletionProtection());
        g.writeObjectFieldStart("Tags");
        for (Map.Entry<String, String> tag : t.tags().entrySet()) g.writeStringField(tag.getKey(), tag.getValue());
        g.writeEndObject();
        g.writeArrayFieldStart("PayPerRequestSwitches");
        for (Instant i : t.payPerRequestSwitches()) g.writeString(i.toString());
        g.writeEndArray();
        writeWarm(g, t.warmThroughput());
        writeInsights(g, t.insights());
        writeTimeToLive(g, t.timeToLive());
        g.writeEndObject();
    }

    private static void writeTimeToLive(JsonGenerator g, TimeToLiveState ttl) throws IOException {
        if (ttl == null) return;
        g.writeObjectFieldStart("TimeToLive");
        g.writeStringField("Status", ttl.status().name());
        g.writeStringField("AttributeName", ttl.attributeName());
        writeInstant(g, "LastChange", ttl.lastChange());
        writeInstant(g, "Until", ttl.statusUntil());
        g.writeEndObject();
    }

    private static void writeInsights(JsonGenerator g, TableInsights insights) throws IOException {
        if (insights.isNone()) return;
        g.writeObjectFieldStart("Insights");
        if (insights.table() != null) {
            g.writeFieldName("Table");
            writeInsightsState(g, insights.table());
        }
        g.writeObjectFieldStart("Indexes");
        for (Map.Entry<String, InsightsState> e : insights.indexes().entrySet()) {
            g.writeFieldName(e.getKey());
            writeInsightsState(g, e.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void writeInsightsState(JsonGenerator g, InsightsState s) throws IOException {
        g.writeStartObject();
        g.writeStringField("Status", s.status().name());
        g.writeStringField("Mode", s.mode().name());
        writeInstant(g, "LastUpdate", s.lastUpdate());
        writeInstant(g, "Until", s.statusUntil());
        g.writeNumberField("RulesCreated", s.rulesCreated());
        g.writeStringField("FailureName", s.failureName());
        g.writeStringField("FailureDescription", s.failureDescription());
        g.writeEndObject();
    }

    private static void writeWarm(JsonGenerator g, WarmThroughput w) throws IOException {
        if (w == null) return;
        g.writeObjectFieldStart("Warm");
        writeOptionalLong(g, "Read", w.readUnitsPerSecond());
        writeOptionalLong(g, "Write", w.writeUnitsPerSecond());
        g.writeEndObject();
    }

    private static void writeInstant(JsonGenerator g, String name, Instant t) throws IOException {
        g.writeStringField(name, t == null ? null : t.toString());
    }

    private static void writeKeySchema(JsonGenerator g, KeySchema k) throws IOException {
        g.writeArrayFieldStart("KeySchema");
        for (KeyAttribute a : k.hash()) writeKeyAttribute(g, a, "HASH");
        for (KeyAttribute a : k.range()) writeKeyAttribute(g, a, "RANGE");
        g.writeEndArray();
    }

    private static void writeKeyAttribute(JsonGenerator g, KeyAttribute a, String role) throws IOException {
        g.writeStartObject();
        g.writeStringField("Name", a.name());
        g.writeStringField("Type", a.type().name());
        g.writeStringField("Role", role);
        g.writeEndObject();
    }

    private static void writeThroughput(JsonGenerator g, ProvisionedThroughputState t) throws IOException {
        if (t == null) {
            g.writeNullField("Throughput");
            return;
        }
        g.writeObjectFieldStart("Throughput");
        g.writeNumberField("Read", t.readCapacityUnits());
        g.writeNumberField("Write", t.writeCapacityUnits());
        writeInstant(g, "LastIncrease", t.lastIncrease());
        writeInstant(g, "LastDecrease", t.lastDecrease());
        g.writeNumberField("Decreases", t.decreasesOnLastDecreaseDay());
        g.writeEndObject();
    }

    private static void writeOnDemand(JsonGenerator g, OnDemandThroughput o) throws IOException {
        if (o == null) {
            g.writeNullField("OnDemand");
            return;
        }
        g.writeObjectFieldStart("OnDemand");
        writeOptionalLong(g, "MaxRead", o.maxReadRequestUnits());
        writeOptionalLong(g, "MaxWrite", o.maxWriteRequestUnits());
        g.writeEndObject();
    }

    private static void writeOptionalLong(JsonGenerator g, String name, Long v) throws IOException {
        if (v == null) g.writeNullField(name);
        else g.writeNumberField(name, v);
    }

    private static void writeIndexes(JsonGenerator g, String name, List<IndexMetadata> list) throws IOException {
        g.writeArrayFieldStart(name);
        for (IndexMetadata i : list) {
            g.writeStartObject();
            g.writeStringField("Name", i.name());
            g.writeStringField("Kind", i.kind().name());
            writeKeySchema(g, i.keySchema());
            g.writeStringField("ProjectionType", i.projection().type().name());
            g.writeArrayFieldStart("NonKeyAttributes");
            for (String a : i.projection().nonKeyAttributes()) g.writeString(a);
            g.writeEndArray();
            g.writeNumberField("KeyspaceId", i.keyspaceId());
            g.writeStringField("Arn", i.arn());
            g.writeStringField("Status", i.status() == null ? null : i.status().name());
            writeThroughput(g, i.throughput());
            writeOnDemand(g, i.onDemand());
            writeWarm(g, i.warmThroughput());
            if (i.statusUntil() != null) writeInstant(g, "StatusUntil", i.statusUntil());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    // ---- reading ----------------------------------------------------------------------------

    private static KeySchema keySchema(CatalogRecord owner) {
        List<KeyAttribute> hash = new ArrayList<>();
        List<KeyAttribute> range = new ArrayList<>();
        for (CatalogRecord a : owner.list("KeySchema", CatalogRecord.class)) {
            KeyAttribute k = new KeyAttribute(a.string("Name"), a.enumValue("Type", ScalarType.class));
            String role = a.string("Role");
            if (role.equals("HASH")) hash.add(k);
            else if (role.equals("RANGE")) range.add(k);
            else throw CatalogRecord.malformed("key attribute " + k.name() + " has role " + role);
        }
        return new KeySchema(hash, range);
    }

    private static ProvisionedThroughputState throughput(CatalogRecord m) {
        if (m == null) return null;
        return new ProvisionedThroughputState(m.longValue("Read"), m.longValue("Write"), m.optionalInstant("LastIncrease"),
                m.optionalInstant("LastDecrease"), m.intValue("Decreases"));
    }

    private static OnDemandThroughput onDemand(CatalogRecord m) {
        if (m == null) return null;
        return new OnDemandThroughput(m.optionalLong("MaxRead"), m.optionalLong("MaxWrite"));
    }

    private static WarmThroughput warm(CatalogRecord owner) {
        if (!owner.has("Warm")) return null;
        CatalogRecord w = owner.object("Warm");
        return new WarmThroughput(w.optionalLong("Read"), w.optionalLong("Write"));
    }

    private static TableInsights insights(CatalogRecord owner) {
        if (!owner.has("Insights")) return TableInsights.NONE;
        CatalogRecord m = owner.object("Insights");
        Map<String, InsightsState> indexes = new LinkedHashMap<>();
        CatalogRecord stored = m.object("Indexes");
        for (String name : stored.names()) indexes.put(name, insightsState(stored.object(name)));
        return new TableInsights(m.has("Table") ? insightsState(m.object("Table")) : null, indexes);
    }

    private static TimeToLiveState timeToLive(CatalogRecord owner) {
        if (!owner.has("TimeToLive")) return null;
        CatalogRecord m = owner.object("TimeToLive");
        return new TimeToLiveState(m.enumValue("Status", TimeToLiveStatus.class), m.string("AttributeName"),
                m.optionalInstant("LastChange"), m.optionalInstant("Until"));
    }

    private static InsightsState insightsState(CatalogRecord s) {
        return new InsightsState(s.enumValue("Status", InsightsStatus.class), s.enumValue("Mode", InsightsMode.class),
                s.optionalInstant("LastUpdate"), s.optionalInstant("Until"), s.longValue("RulesCreated"),
                s.optionalString("FailureName"), s.optionalString("FailureDescription"));
    }

    private static List<IndexMetadata> indexes(CatalogRecord owner, String name) {
        List<IndexMetadata> out = new ArrayList<>();
        for (CatalogRecord m : owner.list(name, CatalogRecord.class)) {
            out.add(new IndexMetadata(m.string("Name"), m.enumValue("Kind", IndexKind.class), keySchema(m),
                    new Projection(m.enumValue("ProjectionType", ProjectionType.class), m.list("NonKeyAttributes", String.class)),
                    m.longValue("KeyspaceId"), m.string("Arn"), m.optionalEnum("Status", TableStatus.class),
                    throughput(m.optionalObject("Throughput")), onDemand(m.optionalObject("OnDemand")), warm(m),
                    m.has("StatusUntil") ? m.optionalInstant("StatusUntil") : null));
        }
        return out;
    }
}
