package io.keyline.op.control;

import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexKind;
import io.keyline.metadata.NewIndex;
import io.keyline.metadata.Projection;
import io.keyline.metadata.ProjectionType;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.error.Errors;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import io.keyline.op.request.AttributeDefinition;
import io.keyline.op.request.KeySchemaElement;
import io.keyline.op.request.ProvisionedThroughput;
import io.keyline.op.request.SecondaryIndex;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DynamoDB's semantic rules for key schemas, attribute definitions, indexes and projections,
 * applied after the member constraints passed. Messages are DynamoDB's (as recorded by dynalite
 * and ScyllaDB's DynamoDB-validated tests) where known. Stateless.
 */
public final class SchemaRules {
    static final String INVALID = "One or more parameter values were invalid: ";
    /** docs/RULES.md#GSI-MULTI-ATTRIBUTE-KEY: at most 4 HASH and 4 RANGE attributes in a GSI key. */
    public static final int MAX_GSI_KEY_PARTS = 4;

    private SchemaRules() {}

    /** Name → type in request order; a name given twice is an error. */
    public static Map<String, ScalarType> definitions(List<AttributeDefinition> defs) {
        Map<String, ScalarType> out = new LinkedHashMap<>();
        for (AttributeDefinition d : defs) {
            if (out.containsKey(d.attributeName())) {
                throw Errors.validation(INVALID + "Duplicate AttributeName in AttributeDefinitions: " + d.attributeName());
            }
            out.put(d.attributeName(), ScalarType.valueOf(d.attributeType()));
        }
        return out;
    }

    /** Every key attribute must be defined. */
    public static void requireDefined(List<KeySchemaElement> keys, Map<String, ScalarType> defs) {
        for (KeySchemaElement k : keys) {
            if (!defs.containsKey(k.attributeName())) {
                List<String> names = new ArrayList<>();
                keys.forEach(x -> names.add(x.attributeName()));
                throw Errors.validation(INVALID + "Some index key attributes are not defined in AttributeDefinitions. Keys: ["
                        + String.join(", ", names) + "], AttributeDefinitions: [" + String.join(", ", defs.keySet()) + "]");
            }
        }
    }

    /** A table's or LSI's key: one HASH, then at most one RANGE of another attribute. */
    public static KeySchema simpleKeySchema(List<KeySchemaElement> keys, Map<String, ScalarType> defs) {
        requireDefined(keys, defs);
        if (keys.size() == 2 && keys.get(0).attributeName().equals(keys.get(1).attributeName())) {
            throw Errors.validation("Both the Hash Key and the Range Key element in the KeySchema have the same name");
        }
        if (!"HASH".equals(keys.get(0).keyType())) {
            throw Errors.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
        }
        if (keys.size() == 2 && !"RANGE".equals(keys.get(1).keyType())) {
            throw Errors.validation("Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
        }
        return toKeySchema(keys, defs);
    }

    /** A GSI key: 1-4 HASH attributes, then 0-4 RANGE attributes, all distinct. */
    public static KeySchema globalKeySchema(String index, List<KeySchemaElement> keys, Map<String, ScalarType> defs) {
        requireDefined(keys, defs);
        Set<String> seen = new HashSet<>();
        for (KeySchemaElement k : keys) {
            if (!seen.add(k.attributeName())) {
                if (keys.size() == 2) {
                    throw Errors.validation("Both the Hash Key and the Range Key element in the KeySchema have the same name");
                }
                throw Errors.validation("Invalid KeySchema: Two KeySchemaElements have the same name: " + k.attributeName());
            }
        }
        if (!"HASH".equals(keys.get(0).keyType())) {
            throw Errors.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
        }
        int hash = 0;
        int range = 0;
        for (KeySchemaElement k : keys) {
            if ("HASH".equals(k.keyType())) {
                if (range > 0) {
                    throw Errors.validation("Invalid KeySchema: All HASH key type elements must precede all RANGE key type elements");
                }
                hash++;
            } else {
                range++;
            }
        }
        if (hash > MAX_GSI_KEY_PARTS) {
            throw Errors.validation(INVALID + "Index KeySchema has " + hash + " HASH key attributes for index: " + index
                    + ". At most " + MAX_GSI_KEY_PARTS + " HASH key attributes are allowed");
        }
        if (range > MAX_GSI_KEY_PARTS) {
            throw Errors.validation(INVALID + "Index KeySchema has " + range + " RANGE key attributes for index: " + index
                    + ". At most " + MAX_GSI_KEY_PARTS + " RANGE key attributes are allowed");
        }
        return toKeySchema(keys, defs);
    }

    /** An LSI of a table whose key is {@code table}. */
    public static NewIndex localIndex(SecondaryIndex i, KeySchema table, Map<String, ScalarType> defs) {
        KeySchema keys = simpleKeySchema(i.keySchema(), defs);
        if (!keys.hasSortKey()) {
            throw Errors.validation(INVALID + "Index KeySchema does not have a range key for index: " + i.indexName());
        }
        String hash = keys.partitionKey().name();
        String tableHash = table.partitionKey().name();
        if (!hash.equals(tableHash)) {
            throw Errors.validation(INVALID + "Index KeySchema does not have the same leading hash key as table KeySchema for index: "
                    + i.indexName() + ". index hash key: " + hash + ", table hash key: " + tableHash);
        }
        return new NewIndex(i.indexName(), IndexKind.LOCAL, keys, projection(i), null, null);
    }

    /** A GSI of a table in billing mode {@code mode}. */
    public static NewIndex globalIndex(SecondaryIndex i, Map<String, ScalarType> defs, BillingMode mode) {
        KeySchema keys = globalKeySchema(i.indexName(), i.keySchema(), defs);
        Projection projection = projection(i);
        ProvisionedThroughputState throughput = ProvisionedThroughputState.ON_DEMAND;
        ProvisionedThroughput pt = i.provisionedThroughput();
        if (mode == BillingMode.PAY_PER_REQUEST) {
            if (pt != null) {
                throw Errors.validation(INVALID + "ProvisionedThroughput should not be specified for index: " + i.indexName()
                        + " when BillingMode is PAY_PER_REQUEST");
            }
        } else {
            if (pt == null) {
                throw Errors.validation(INVALID + "ProvisionedThroughput must be specified for index: " + i.indexName());
            }
            Throughputs.checkBounds(pt);
            throughput = ProvisionedThroughputState.of(pt.readCapacityUnits(), pt.writeCapacityUnits());
        }
        if (i.onDemandThroughput() != null) Throughputs.checkOnDemand(i.onDemandThroughput(), mode);
        WarmThroughputs.checkNotBelow(i.warmThroughput(), WarmThroughputs.initial(mode, throughput), "index " + i.indexName());
        return new NewIndex(i.indexName(), IndexKind.GLOBAL, keys, projection, throughput, i.onDemandThroughput(),
                i.warmThroughput());
    }

    public static Projection projection(SecondaryIndex i) {
        String type = i.projection().projectionType();
        if (type == null) throw Errors.validation(INVALID + "Unknown ProjectionType: null");
        List<String> nonKey = i.projection().nonKeyAttributes();
        if (nonKey != null && !"INCLUDE".equals(type)) {
            throw Errors.validation(INVALID + "ProjectionType is " + type + ", but NonKeyAttributes is specified");
        }
        if (nonKey == null && "INCLUDE".equals(type)) {
            throw Errors.validation(INVALID + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
        }
        if (nonKey != null) {
            Set<String> seen = new HashSet<>();
            for (String n : nonKey) {
                if (!seen.add(n)) {
                    throw Errors.validation(INVALID + "Duplicate attribute in NonKeyAttributes: " + n + " for index: " + i.indexName());
                }
            }
        }
        return new Projection(ProjectionType.valueOf(type), nonKey);
    }

    private static KeySchema toKeySchema(List<KeySchemaElement> keys, Map<String, ScalarType> defs) {
        List<KeyAttribute> hash = new ArrayList<>();
        List<KeyAttribute> range = new ArrayList<>();
        for (KeySchemaElement k : keys) {
            KeyAttribute a = new KeyAttribute(k.attributeName(), defs.get(k.attributeName()));
            ("HASH".equals(k.keyType()) ? hash : range).add(a);
        }
        return new KeySchema(hash, range);
    }
}
