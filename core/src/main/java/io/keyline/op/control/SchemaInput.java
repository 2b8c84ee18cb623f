package io.keyline.op.control;

import io.keyline.op.request.Constraints;
import io.keyline.op.request.AttributeDefinition;
import io.keyline.op.request.KeySchemaElement;
import io.keyline.op.request.SecondaryIndex;
import java.util.ArrayList;
import java.util.List;

/**
 * The member checks of CreateTable's and UpdateTable's schema parts (AttributeDefinitions,
 * KeySchema, indexes) that the service model cannot state, recorded with the shape's
 * violations (docs/RULES.md#VALIDATION-ORDER): the published model no longer marks CreateTable's
 * AttributeDefinitions and KeySchema required and gives KeySchema no upper length, while
 * DynamoDB still reports both in the aggregated message (dynalite test/createTable.js, against
 * DynamoDB). Names, types, enums, projections and throughput are the shape's. Semantic rules
 * come after, in {@link SchemaRules}. Stateless.
 */
public final class SchemaInput {
    /** Source: API_CreateTable: a table or LSI KeySchema has 1 or 2 elements. */
    public static final int MAX_TABLE_KEY_ELEMENTS = 2;
    /** docs/RULES.md#GSI-MULTI-ATTRIBUTE-KEY: a GSI key has up to 4 HASH and 4 RANGE attributes. */
    public static final int MAX_GSI_KEY_ELEMENTS = 8;

    private SchemaInput() {}

    /** The non-null AttributeDefinitions entries; an absent list is empty. */
    public static List<AttributeDefinition> attributeDefinitions(List<AttributeDefinition> defs) {
        return defs == null ? new ArrayList<>() : nonNull(defs);
    }

    /** The non-null KeySchema elements; the list itself is required, of at most {@code maxElements}. */
    public static List<KeySchemaElement> keySchema(List<KeySchemaElement> keys, String path, int maxElements, Constraints c) {
        if (!c.notNull(path, keys)) return new ArrayList<>();
        c.size(path, keys, 1, maxElements);
        return nonNull(keys);
    }

    private static <T> List<T> nonNull(List<T> members) {
        List<T> out = new ArrayList<>(members.size());
        for (T m : members) if (m != null) out.add(m);
        return out;
    }

    /** An index definition; {@code global} allows multi-attribute keys. */
    public static SecondaryIndex index(SecondaryIndex idx, String path, boolean global, Constraints c) {
        if (idx.keySchema() != null) {
            keySchema(idx.keySchema(), path + ".keySchema", global ? MAX_GSI_KEY_ELEMENTS : MAX_TABLE_KEY_ELEMENTS, c);
        }
        return idx;
    }

    /** The non-null index definitions, or null if the list is absent. */
    public static List<SecondaryIndex> indexes(List<SecondaryIndex> list, String path, boolean global, Constraints c) {
        if (list == null) return null;
        List<SecondaryIndex> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            SecondaryIndex o = list.get(i);
            if (o != null) out.add(index(o, path + "." + (i + 1) + ".member", global, c));
        }
        return out;
    }
}
