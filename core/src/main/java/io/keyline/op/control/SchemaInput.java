package io.keyline.op.control;

import io.keyline.metadata.OnDemandThroughput;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

/**
 * Reads the schema parts of CreateTable and UpdateTable requests (AttributeDefinitions,
 * KeySchema, indexes, ProvisionedThroughput) as given, recording violations of DynamoDB's member
 * constraints in a {@link Constraints}. Semantic rules come after, in {@link SchemaRules}.
 * Stateless.
 */
public final class SchemaInput {
    /** Source: API_CreateTable: TableName and IndexName pattern. */
    public static final Pattern NAME_PATTERN = Pattern.compile("[a-zA-Z0-9_.-]+");

    /** Source: API_CreateTable: table and index names are 3 to 255 characters. */
    public static final int MIN_NAME = 3;
    public static final int MAX_NAME = 255;
    /** Source: API_KeySchemaElement / API_AttributeDefinition: AttributeName is 1 to 255 bytes. */
    public static final int MAX_KEY_ATTRIBUTE_NAME = 255;
    /** Source: API_CreateTable: a table or LSI KeySchema has 1 or 2 elements. */
    public static final int MAX_TABLE_KEY_ELEMENTS = 2;
    /** Source: AWS-MAK: a GSI key has up to 4 HASH and 4 RANGE attributes. */
    public static final int MAX_GSI_KEY_ELEMENTS = 8;
    /** Source: API_Projection: NonKeyAttributes has 1 to 20 names. */
    public static final int MAX_NON_KEY_ATTRIBUTES = 20;

    static final List<String> SCALAR_TYPES = List.of("B", "N", "S");
    static final List<String> KEY_TYPES = List.of("HASH", "RANGE");
    static final List<String> PROJECTION_TYPES = List.of("ALL", "INCLUDE", "KEYS_ONLY");

    private SchemaInput() {}

    /** One AttributeDefinitions entry. */
    public record RawAttribute(String name, String type) {}

    /** One KeySchemaElement. */
    public record RawKey(String name, String keyType) {}

    /** A ProvisionedThroughput object. */
    public record RawThroughput(Long read, Long write) {}

    /** A LocalSecondaryIndex, GlobalSecondaryIndex or CreateGlobalSecondaryIndexAction. */
    public record RawIndex(String name, List<RawKey> keySchema, String projectionType,
                           List<String> nonKeyAttributes, RawThroughput throughput, OnDemandThroughput onDemand) {}

    public static List<RawAttribute> attributeDefinitions(List<JsonObject> defs, String path, Constraints c) {
        if (defs == null) return new ArrayList<>();
        return namedMembers(defs, path, "AttributeType", SCALAR_TYPES, c, RawAttribute::new);
    }

    public static List<RawKey> keySchema(List<JsonObject> keys, String path, int maxElements, Constraints c) {
        if (!c.notNull(path, keys)) return new ArrayList<>();
        c.size(path, keys, 1, maxElements);
        return namedMembers(keys, path, "KeyType", KEY_TYPES, c, RawKey::new);
    }

    /**
     * Reads a list of {@code {AttributeName, <field>}} members, as AttributeDefinitions and
     * KeySchema are: the name 1-255 characters, the field one of {@code allowed}; every
     * violation recorded under DynamoDB's member path.
     */
    private static <T> List<T> namedMembers(List<JsonObject> members, String path, String field, List<String> allowed,
                                            Constraints c, BiFunction<String, String, T> make) {
        String fieldPath = Character.toLowerCase(field.charAt(0)) + field.substring(1);
        List<T> out = new ArrayList<>();
        for (int i = 0; i < members.size(); i++) {
            String p = path + "." + (i + 1) + ".member";
            JsonObject m = members.get(i);
            if (!c.notNull(p, m)) continue;
            String name = m.string("AttributeName");
            String value = m.string(field);
            c.notNull(p + ".attributeName", name);
            c.length(p + ".attributeName", name, 1, MAX_KEY_ATTRIBUTE_NAME);
            c.notNull(p + "." + fieldPath, value);
            c.oneOf(p + "." + fieldPath, value, allowed);
            out.add(make.apply(name, value));
        }
        return out;
    }

    public static RawThroughput throughput(JsonObject pt, String path, Constraints c) {
        if (pt == null) return null;
        Long read = pt.longValue("ReadCapacityUnits");
        Long write = pt.longValue("WriteCapacityUnits");
        c.notNull(path + ".readCapacityUnits", read);
        c.atLeast(path + ".readCapacityUnits", read, 1);
        c.notNull(path + ".writeCapacityUnits", write);
        c.atLeast(path + ".writeCapacityUnits", write, 1);
        return new RawThroughput(read, write);
    }

    public static OnDemandThroughput onDemand(JsonObject od) {
        if (od == null) return null;
        return new OnDemandThroughput(od.longValue("MaxReadRequestUnits"), od.longValue("MaxWriteRequestUnits"));
    }

    /** An index definition; {@code global} allows multi-attribute keys and throughput. */
    public static RawIndex index(JsonObject idx, String path, boolean global, Constraints c) {
        String name = idx.string("IndexName");
        indexName(name, path + ".indexName", c);
        List<RawKey> keys = keySchema(idx.objects("KeySchema"), path + ".keySchema",
                global ? MAX_GSI_KEY_ELEMENTS : MAX_TABLE_KEY_ELEMENTS, c);
        JsonObject projection = idx.object("Projection");
        String type = null;
        List<String> nonKey = null;
        if (c.notNull(path + ".projection", projection)) {
            type = projection.string("ProjectionType");
            c.oneOf(path + ".projection.projectionType", type, PROJECTION_TYPES);
            nonKey = projection.strings("NonKeyAttributes");
            c.size(path + ".projection.nonKeyAttributes", nonKey, 1, MAX_NON_KEY_ATTRIBUTES);
            if (nonKey != null) {
                for (int i = 0; i < nonKey.size(); i++) {
                    String p = path + ".projection.nonKeyAttributes." + (i + 1) + ".member";
                    c.notNull(p, nonKey.get(i));
                    c.length(p, nonKey.get(i), 1, MAX_KEY_ATTRIBUTE_NAME);
                }
            }
        }
        RawThroughput pt = global ? throughput(idx.object("ProvisionedThroughput"), path + ".provisionedThroughput", c) : null;
        OnDemandThroughput od = global ? onDemand(idx.object("OnDemandThroughput")) : null;
        return new RawIndex(name, keys, type, nonKey, pt, od);
    }

    /**
     * Whether {@code name} matches {@link #NAME_PATTERN}. Every item request checks its table
     * name, so this is a loop rather than a regex Matcher (an allocation per request).
     */
    public static boolean isName(String name) {
        int n = name.length();
        if (n == 0) return false;
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
            if (!ok) return false;
        }
        return true;
    }

    public static void indexName(String name, String path, Constraints c) {
        c.notNull(path, name);
        c.length(path, name, MIN_NAME, MAX_NAME);
        c.namePattern(path, name);
    }

    public static List<RawIndex> indexes(List<JsonObject> list, String path, boolean global, Constraints c) {
        if (list == null) return null;
        List<RawIndex> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String p = path + "." + (i + 1) + ".member";
            JsonObject o = list.get(i);
            if (c.notNull(p, o)) out.add(index(o, p, global, c));
        }
        return out;
    }
}
