package io.keyline.op.control;

import io.keyline.op.request.Constraints;
import io.keyline.op.request.AttributeDefinition;
import io.keyline.op.request.Names;
import io.keyline.op.request.IndexProjection;
import io.keyline.op.request.KeySchemaElement;
import io.keyline.op.request.ProvisionedThroughput;
import io.keyline.op.request.SecondaryIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Checks the schema parts of decoded CreateTable and UpdateTable requests (AttributeDefinitions,
 * KeySchema, indexes, ProvisionedThroughput) against DynamoDB's member constraints, recording
 * violations in a {@link Constraints}. Semantic rules come after, in {@link SchemaRules}.
 * Stateless.
 */
public final class SchemaInput {
    /** Source: API_KeySchemaElement / API_AttributeDefinition: AttributeName is 1 to 255 bytes. */
    public static final int MAX_KEY_ATTRIBUTE_NAME = 255;
    /** Source: API_CreateTable: a table or LSI KeySchema has 1 or 2 elements. */
    public static final int MAX_TABLE_KEY_ELEMENTS = 2;
    /** docs/RULES.md#GSI-MULTI-ATTRIBUTE-KEY: a GSI key has up to 4 HASH and 4 RANGE attributes. */
    public static final int MAX_GSI_KEY_ELEMENTS = 8;
    /** Source: API_Projection: NonKeyAttributes has 1 to 20 names. */
    public static final int MAX_NON_KEY_ATTRIBUTES = 20;

    static final List<String> SCALAR_TYPES = List.of("B", "N", "S");
    static final List<String> KEY_TYPES = List.of("HASH", "RANGE");
    static final List<String> PROJECTION_TYPES = List.of("ALL", "INCLUDE", "KEYS_ONLY");

    private SchemaInput() {}

    /** The non-null AttributeDefinitions entries; an absent list is empty. */
    public static List<AttributeDefinition> attributeDefinitions(List<AttributeDefinition> defs, String path, Constraints c) {
        if (defs == null) return new ArrayList<>();
        return namedMembers(defs, path, "attributeType", SCALAR_TYPES, c,
                AttributeDefinition::attributeName, AttributeDefinition::attributeType);
    }

    /** The non-null KeySchema elements; the list itself is required. */
    public static List<KeySchemaElement> keySchema(List<KeySchemaElement> keys, String path, int maxElements, Constraints c) {
        if (!c.notNull(path, keys)) return new ArrayList<>();
        c.size(path, keys, 1, maxElements);
        return namedMembers(keys, path, "keyType", KEY_TYPES, c, KeySchemaElement::attributeName, KeySchemaElement::keyType);
    }

    /**
     * Checks a list of {@code {AttributeName, <field>}} members, as AttributeDefinitions and
     * KeySchema are: the name 1-255 characters, the field one of {@code allowed}; every
     * violation recorded under DynamoDB's member path. Returns the non-null members.
     */
    private static <T> List<T> namedMembers(List<T> members, String path, String fieldPath, List<String> allowed,
                                            Constraints c, Function<T, String> nameOf, Function<T, String> fieldOf) {
        List<T> out = new ArrayList<>();
        for (int i = 0; i < members.size(); i++) {
            String p = path + "." + (i + 1) + ".member";
            T m = members.get(i);
            if (!c.notNull(p, m)) continue;
            String name = nameOf.apply(m);
            String value = fieldOf.apply(m);
            c.notNull(p + ".attributeName", name);
            c.length(p + ".attributeName", name, 1, MAX_KEY_ATTRIBUTE_NAME);
            c.notNull(p + "." + fieldPath, value);
            c.oneOf(p + "." + fieldPath, value, allowed);
            out.add(m);
        }
        return out;
    }

    /** Both units present and at least 1; returns {@code pt} (null when absent). */
    public static ProvisionedThroughput throughput(ProvisionedThroughput pt, String path, Constraints c) {
        if (pt == null) return null;
        Long read = pt.readCapacityUnits();
        Long write = pt.writeCapacityUnits();
        c.notNull(path + ".readCapacityUnits", read);
        c.atLeast(path + ".readCapacityUnits", read, 1);
        c.notNull(path + ".writeCapacityUnits", write);
        c.atLeast(path + ".writeCapacityUnits", write, 1);
        return pt;
    }

    /** An index definition; {@code global} allows multi-attribute keys and throughput. */
    public static SecondaryIndex index(SecondaryIndex idx, String path, boolean global, Constraints c) {
        Names.indexName(idx.indexName(), path + ".indexName", c);
        keySchema(idx.keySchema(), path + ".keySchema", global ? MAX_GSI_KEY_ELEMENTS : MAX_TABLE_KEY_ELEMENTS, c);
        IndexProjection projection = idx.projection();
        if (c.notNull(path + ".projection", projection)) {
            c.oneOf(path + ".projection.projectionType", projection.projectionType(), PROJECTION_TYPES);
            List<String> nonKey = projection.nonKeyAttributes();
            c.size(path + ".projection.nonKeyAttributes", nonKey, 1, MAX_NON_KEY_ATTRIBUTES);
            if (nonKey != null) {
                for (int i = 0; i < nonKey.size(); i++) {
                    String p = path + ".projection.nonKeyAttributes." + (i + 1) + ".member";
                    c.notNull(p, nonKey.get(i));
                    c.length(p, nonKey.get(i), 1, MAX_KEY_ATTRIBUTE_NAME);
                }
            }
        }
        if (global) throughput(idx.provisionedThroughput(), path + ".provisionedThroughput", c);
        return idx;
    }

    /** The non-null index definitions, or null if the list is absent. */
    public static List<SecondaryIndex> indexes(List<SecondaryIndex> list, String path, boolean global, Constraints c) {
        if (list == null) return null;
        List<SecondaryIndex> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String p = path + "." + (i + 1) + ".member";
            SecondaryIndex o = list.get(i);
            if (c.notNull(p, o)) out.add(index(o, p, global, c));
        }
        return out;
    }
}
