package io.keyline.engine.catalog;

import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexKind;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.Projection;
import io.keyline.metadata.ProjectionType;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.metadata.SseSettings;
import io.keyline.metadata.StreamSettings;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import io.keyline.protocol.Json;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The persisted form of {@link TableMetadata}: a JSON object with an explicit
 * {@value #FORMAT_VERSION} format version, so later versions can read or migrate old records.
 * Instants are ISO-8601 strings (nanosecond precision survives). Stateless.
 */
final class CatalogCodec {
    static final int FORMAT_VERSION = 1;

    private CatalogCodec() {}

    static byte[] encode(TableMetadata t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("FormatVersion", FORMAT_VERSION);
        m.put("Name", t.name());
        m.put("TableId", t.tableId());
        m.put("Arn", t.arn());
        m.put("KeyspaceId", t.keyspaceId());
        m.put("CreationTime", instant(t.creationTime()));
        m.put("Status", t.status().name());
        m.put("StatusUntil", instant(t.statusUntil()));
        m.put("KeySchema", keySchema(t.keySchema()));
        Map<String, Object> defs = new LinkedHashMap<>();
        t.attributeDefinitions().forEach((k, v) -> defs.put(k, v.name()));
        m.put("AttributeDefinitions", defs);
        m.put("BillingMode", t.billingMode().name());
        m.put("LastUpdateToPayPerRequest", instant(t.lastUpdateToPayPerRequest()));
        m.put("Throughput", throughput(t.throughput()));
        m.put("OnDemand", onDemand(t.onDemand()));
        m.put("LocalIndexes", indexes(t.localIndexes()));
        m.put("GlobalIndexes", indexes(t.globalIndexes()));
        if (t.stream() != null) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("Enabled", t.stream().enabled());
            s.put("ViewType", t.stream().viewType());
            s.put("Label", t.stream().label());
            s.put("EnabledAt", instant(t.stream().enabledAt()));
            m.put("Stream", s);
        }
        if (t.sse() != null) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("SseType", t.sse().sseType());
            s.put("KmsMasterKeyId", t.sse().kmsMasterKeyId());
            m.put("Sse", s);
        }
        m.put("TableClass", t.tableClass());
        m.put("DeletionProtection", t.deletionProtection());
        m.put("Tags", new LinkedHashMap<>(t.tags()));
        List<Object> switches = new ArrayList<>();
        t.payPerRequestSwitches().forEach(i -> switches.add(instant(i)));
        m.put("PayPerRequestSwitches", switches);
        return Json.write(m);
    }

    @SuppressWarnings("unchecked")
    static TableMetadata decode(byte[] bytes) {
        Map<String, Object> m = (Map<String, Object>) Json.parse(bytes);
        int version = ((BigDecimal) m.get("FormatVersion")).intValueExact();
        if (version != FORMAT_VERSION) {
            throw new IllegalStateException("catalog record format " + version + " is not readable by this version");
        }
        Map<String, ScalarType> defs = new LinkedHashMap<>();
        ((Map<String, Object>) m.get("AttributeDefinitions")).forEach((k, v) -> defs.put(k, ScalarType.valueOf((String) v)));
        StreamSettings stream = null;
        if (m.get("Stream") != null) {
            Map<String, Object> s = (Map<String, Object>) m.get("Stream");
            stream = new StreamSettings((Boolean) s.get("Enabled"), (String) s.get("ViewType"),
                    (String) s.get("Label"), instant(s.get("EnabledAt")));
        }
        SseSettings sse = null;
        if (m.get("Sse") != null) {
            Map<String, Object> s = (Map<String, Object>) m.get("Sse");
            sse = new SseSettings((String) s.get("SseType"), (String) s.get("KmsMasterKeyId"));
        }
        Map<String, String> tags = new LinkedHashMap<>();
        ((Map<String, Object>) m.get("Tags")).forEach((k, v) -> tags.put(k, (String) v));
        List<Instant> switches = new ArrayList<>();
        for (Object o : (List<Object>) m.get("PayPerRequestSwitches")) switches.add(instant(o));
        return new TableMetadata(
                (String) m.get("Name"), (String) m.get("TableId"), (String) m.get("Arn"),
                ((BigDecimal) m.get("KeyspaceId")).longValueExact(), instant(m.get("CreationTime")),
                TableStatus.valueOf((String) m.get("Status")), keySchema(m.get("KeySchema")), defs,
                BillingMode.valueOf((String) m.get("BillingMode")), instant(m.get("LastUpdateToPayPerRequest")),
                throughput(m.get("Throughput")), onDemand(m.get("OnDemand")),
                indexes(m.get("LocalIndexes")), indexes(m.get("GlobalIndexes")), stream, sse,
                (String) m.get("TableClass"), (Boolean) m.get("DeletionProtection"), tags, instant(m.get("StatusUntil")), switches);
    }

    static byte[] utf8(String s) { return s.getBytes(StandardCharsets.UTF_8); }

    private static String instant(Instant t) { return t == null ? null : t.toString(); }

    private static Instant instant(Object s) { return s == null ? null : Instant.parse((String) s); }

    private static List<Object> keySchema(KeySchema k) {
        List<Object> out = new ArrayList<>();
        for (KeyAttribute a : k.hash()) out.add(keyAttribute(a, "HASH"));
        for (KeyAttribute a : k.range()) out.add(keyAttribute(a, "RANGE"));
        return out;
    }

    private static Map<String, Object> keyAttribute(KeyAttribute a, String role) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("Name", a.name());
        m.put("Type", a.type().name());
        m.put("Role", role);
        return m;
    }

    @SuppressWarnings("unchecked")
    private static KeySchema keySchema(Object o) {
        List<KeyAttribute> hash = new ArrayList<>();
        List<KeyAttribute> range = new ArrayList<>();
        for (Object e : (List<Object>) o) {
            Map<String, Object> a = (Map<String, Object>) e;
            KeyAttribute k = new KeyAttribute((String) a.get("Name"), ScalarType.valueOf((String) a.get("Type")));
            ("HASH".equals(a.get("Role")) ? hash : range).add(k);
        }
        return new KeySchema(hash, range);
    }

    private static Map<String, Object> throughput(ProvisionedThroughputState t) {
        if (t == null) return null;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("Read", t.readCapacityUnits());
        m.put("Write", t.writeCapacityUnits());
        m.put("LastIncrease", instant(t.lastIncrease()));
        m.put("LastDecrease", instant(t.lastDecrease()));
        m.put("Decreases", t.decreasesOnLastDecreaseDay());
        return m;
    }

    @SuppressWarnings("unchecked")
    private static ProvisionedThroughputState throughput(Object o) {
        if (o == null) return null;
        Map<String, Object> m = (Map<String, Object>) o;
        return new ProvisionedThroughputState(((BigDecimal) m.get("Read")).longValueExact(),
                ((BigDecimal) m.get("Write")).longValueExact(), instant(m.get("LastIncrease")),
                instant(m.get("LastDecrease")), ((BigDecimal) m.get("Decreases")).intValueExact());
    }

    private static Map<String, Object> onDemand(OnDemandThroughput o) {
        if (o == null) return null;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("MaxRead", o.maxReadRequestUnits());
        m.put("MaxWrite", o.maxWriteRequestUnits());
        return m;
    }

    @SuppressWarnings("unchecked")
    private static OnDemandThroughput onDemand(Object o) {
        if (o == null) return null;
        Map<String, Object> m = (Map<String, Object>) o;
        return new OnDemandThroughput(longOrNull(m.get("MaxRead")), longOrNull(m.get("MaxWrite")));
    }

    private static Long longOrNull(Object o) { return o == null ? null : ((BigDecimal) o).longValueExact(); }

    private static List<Object> indexes(List<IndexMetadata> list) {
        List<Object> out = new ArrayList<>();
        for (IndexMetadata i : list) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("Name", i.name());
            m.put("Kind", i.kind().name());
            m.put("KeySchema", keySchema(i.keySchema()));
            m.put("ProjectionType", i.projection().type().name());
            m.put("NonKeyAttributes", i.projection().nonKeyAttributes());
            m.put("KeyspaceId", i.keyspaceId());
            m.put("Arn", i.arn());
            m.put("Status", i.status() == null ? null : i.status().name());
            m.put("Throughput", throughput(i.throughput()));
            m.put("OnDemand", onDemand(i.onDemand()));
            out.add(m);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static List<IndexMetadata> indexes(Object o) {
        List<IndexMetadata> out = new ArrayList<>();
        for (Object e : (List<Object>) o) {
            Map<String, Object> m = (Map<String, Object>) e;
            List<String> nonKey = new ArrayList<>();
            for (Object n : (List<Object>) m.get("NonKeyAttributes")) nonKey.add((String) n);
            out.add(new IndexMetadata((String) m.get("Name"), IndexKind.valueOf((String) m.get("Kind")),
                    keySchema(m.get("KeySchema")),
                    new Projection(ProjectionType.valueOf((String) m.get("ProjectionType")), nonKey),
                    ((BigDecimal) m.get("KeyspaceId")).longValueExact(), (String) m.get("Arn"),
                    m.get("Status") == null ? null : TableStatus.valueOf((String) m.get("Status")),
                    throughput(m.get("Throughput")), onDemand(m.get("OnDemand"))));
        }
        return out;
    }
}
