package io.keyline.op;

import io.keyline.metadata.BillingMode;
import io.keyline.engine.Engine;
import io.keyline.metadata.NewIndex;
import io.keyline.metadata.NewTable;
import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.metadata.SseSettings;
import io.keyline.metadata.StreamSettings;
import io.keyline.metadata.TableMetadata;
import io.keyline.error.Errors;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import io.keyline.op.control.Constraints;
import io.keyline.op.control.GlobalIndexUpdates;
import io.keyline.op.control.SchemaInput;
import io.keyline.op.control.SchemaInput.RawIndex;
import io.keyline.op.control.SchemaInput.RawKey;
import io.keyline.op.control.SchemaInput.RawThroughput;
import io.keyline.op.control.SchemaRules;
import io.keyline.op.control.TableDescriptions;
import io.keyline.op.control.TableNames;
import io.keyline.op.control.Tags;
import io.keyline.op.control.Throughputs;
import io.keyline.protocol.JsonObject;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CreateTable: member constraints (aggregated), then DynamoDB's schema rules in its order
 * (billing, key schema, LSIs, GSIs, unused definitions, limits), then the catalog. Stateless.
 */
public final class CreateTable implements Operation<JsonObject> {
    /** Source: AWS-Q: 5 LSIs per table. */
    public static final int MAX_LOCAL_INDEXES = 5;
    /** Source: AWS-Q: 20 GSIs per table (default quota). */
    public static final int MAX_GLOBAL_INDEXES = GlobalIndexUpdates.MAX_GLOBAL_INDEXES;
    /** Source: AWS-Q / API_Projection: 100 projected NonKeyAttributes across all indexes of a table. */
    public static final int MAX_NON_KEY_ATTRIBUTES_PER_TABLE = 100;

    static final List<String> BILLING_MODES = List.of("PROVISIONED", "PAY_PER_REQUEST");
    static final List<String> STREAM_VIEW_TYPES = List.of("NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY");
    static final List<String> SSE_TYPES = List.of("AES256", "KMS");
    static final List<String> TABLE_CLASSES = List.of("STANDARD", "STANDARD_INFREQUENT_ACCESS");
    private static final DateTimeFormatter STREAM_LABEL =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private final Engine engine;

    public CreateTable(Engine engine) { this.engine = engine; }

    @Override public String name() { return "CreateTable"; }

    /** Not yet decoded into a record: the handler reads the wire object itself. */
    @Override public JsonObject decode(JsonObject request) { return request; }

    @Override public Object run(JsonObject request) {
        Constraints c = new Constraints();
        List<JsonObject> defList = request.objects("AttributeDefinitions");
        c.notNull("attributeDefinitions", defList);
        var rawDefs = SchemaInput.attributeDefinitions(defList, "attributeDefinitions", c);
        String name = request.string("TableName");
        TableNames.check(name, c);
        String billing = request.string("BillingMode");
        c.oneOf("billingMode", billing, BILLING_MODES);
        RawThroughput pt = SchemaInput.throughput(request.object("ProvisionedThroughput"), "provisionedThroughput", c);
        List<RawKey> keys = SchemaInput.keySchema(request.objects("KeySchema"), "keySchema", SchemaInput.MAX_TABLE_KEY_ELEMENTS, c);
        List<RawIndex> lsis = SchemaInput.indexes(request.objects("LocalSecondaryIndexes"), "localSecondaryIndexes", false, c);
        List<RawIndex> gsis = SchemaInput.indexes(request.objects("GlobalSecondaryIndexes"), "globalSecondaryIndexes", true, c);
        JsonObject streamSpec = request.object("StreamSpecification");
        if (streamSpec != null) {
            c.notNull("streamSpecification.streamEnabled", streamSpec.bool("StreamEnabled"));
            c.oneOf("streamSpecification.streamViewType", streamSpec.string("StreamViewType"), STREAM_VIEW_TYPES);
        }
        JsonObject sseSpec = request.object("SSESpecification");
        if (sseSpec != null) c.oneOf("sSESpecification.sSEType", sseSpec.string("SSEType"), SSE_TYPES);
        String tableClass = request.string("TableClass");
        c.oneOf("tableClass", tableClass, TABLE_CLASSES);
        Map<String, String> tags = Tags.read(request.objects("Tags"), "tags", c);
        OnDemandThroughput onDemand = SchemaInput.onDemand(request.object("OnDemandThroughput"));
        Boolean deletionProtection = request.bool("DeletionProtectionEnabled");
        c.throwIfAny();

        BillingMode mode = billing == null ? BillingMode.PROVISIONED : BillingMode.valueOf(billing);
        ProvisionedThroughputState throughput = billing(mode, pt);
        Map<String, ScalarType> defs = SchemaRules.definitions(rawDefs);
        if (keys.size() > defs.size()) throw Errors.validation("Invalid KeySchema: Some index key attribute have no definition");
        KeySchema keySchema = SchemaRules.simpleKeySchema(keys, defs);
        if (lsis == null && gsis == null && keys.size() != defs.size()) {
            throw Errors.validation("One or more parameter values were invalid: Number of attributes in KeySchema does not "
                    + "exactly match number of attributes defined in AttributeDefinitions");
        }
        Set<String> indexNames = new LinkedHashSet<>();
        List<NewIndex> localIndexes = localIndexes(lsis, keySchema, defs, indexNames);
        List<NewIndex> globalIndexes = globalIndexes(gsis, defs, mode, indexNames);
        checkNonKeyTotal(localIndexes, globalIndexes);
        checkUnusedDefinitions(defs, keySchema, localIndexes, globalIndexes);
        if (onDemand != null) Throughputs.checkOnDemand(onDemand, mode);
        long read = throughput.readCapacityUnits();
        long write = throughput.writeCapacityUnits();
        for (NewIndex g : globalIndexes) {
            read += g.throughput().readCapacityUnits();
            write += g.throughput().writeCapacityUnits();
        }
        Throughputs.checkTableLimit(read, write, (long) engine.settings().capacity().tableQuotaRead(),
                (long) engine.settings().capacity().tableQuotaWrite());
        Tags.checkSemantics(tags, tags.size());

        Instant now = engine.clock().now();
        NewTable spec = new NewTable(name, keySchema, defs, mode, throughput, onDemand, localIndexes, globalIndexes,
                stream(streamSpec, now), sse(sseSpec), tableClass, Boolean.TRUE.equals(deletionProtection), tags);
        TableMetadata created = engine.catalog().create(spec);
        if (created == null) throw Errors.resourceInUse("Table already exists: " + name);
        engine.capacity().register(created);
        return Map.of("TableDescription", TableDescriptions.full(created, engine.catalog(), engine.clock().now(),
                engine.settings().region(), engine.settings().accountId()));
    }

    private static ProvisionedThroughputState billing(BillingMode mode, RawThroughput pt) {
        if (mode == BillingMode.PAY_PER_REQUEST) {
            if (pt != null) {
                throw Errors.validation("One or more parameter values were invalid: Neither ReadCapacityUnits nor "
                        + "WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
            }
            return ProvisionedThroughputState.ON_DEMAND;
        }
        if (pt == null) {
            throw Errors.validation("No provisioned throughput specified for the table");
        }
        Throughputs.checkBounds(pt);
        return ProvisionedThroughputState.of(pt.read(), pt.write());
    }

    private static List<NewIndex> localIndexes(List<RawIndex> lsis, KeySchema table, Map<String, ScalarType> defs,
                                               Set<String> names) {
        List<NewIndex> out = new ArrayList<>();
        if (lsis == null) return out;
        if (lsis.isEmpty()) throw Errors.validation("One or more parameter values were invalid: List of LocalSecondaryIndexes is empty");
        if (!table.hasSortKey()) {
            throw Errors.validation("One or more parameter values were invalid: Table KeySchema does not have a range key, "
                    + "which is required when specifying a LocalSecondaryIndex");
        }
        for (RawIndex i : lsis) {
            out.add(SchemaRules.localIndex(i, table, defs));
            if (!names.add(i.name())) throw duplicateIndex(i.name());
        }
        if (out.size() > MAX_LOCAL_INDEXES) {
            throw Errors.validation("One or more parameter values were invalid: Number of LocalSecondaryIndexes exceeds "
                    + "per-table limit of " + MAX_LOCAL_INDEXES);
        }
        return out;
    }

    private static List<NewIndex> globalIndexes(List<RawIndex> gsis, Map<String, ScalarType> defs, BillingMode mode,
                                                Set<String> names) {
        List<NewIndex> out = new ArrayList<>();
        if (gsis == null) return out;
        if (gsis.isEmpty()) throw Errors.validation("One or more parameter values were invalid: List of GlobalSecondaryIndexes is empty");
        for (RawIndex i : gsis) {
            out.add(SchemaRules.globalIndex(i, defs, mode));
            if (!names.add(i.name())) throw duplicateIndex(i.name());
        }
        if (out.size() > MAX_GLOBAL_INDEXES) {
            throw Errors.validation("One or more parameter values were invalid: GlobalSecondaryIndex count exceeds the "
                    + "per-table limit of " + MAX_GLOBAL_INDEXES);
        }
        return out;
    }

    private static RuntimeException duplicateIndex(String name) {
        return Errors.validation("One or more parameter values were invalid: Duplicate index name: " + name);
    }

    private static void checkNonKeyTotal(List<NewIndex> lsis, List<NewIndex> gsis) {
        int total = 0;
        for (NewIndex i : lsis) total += i.projection().nonKeyAttributes().size();
        for (NewIndex i : gsis) total += i.projection().nonKeyAttributes().size();
        if (total > MAX_NON_KEY_ATTRIBUTES_PER_TABLE) {
            throw Errors.validation("One or more parameter values were invalid: The number of projected NonKeyAttributes "
                    + "across all secondary indexes is " + total + ", which exceeds the limit of " + MAX_NON_KEY_ATTRIBUTES_PER_TABLE);
        }
    }

    /** Every defined attribute must be a key of the table or of an index. */
    private static void checkUnusedDefinitions(Map<String, ScalarType> defs, KeySchema table, List<NewIndex> lsis,
                                               List<NewIndex> gsis) {
        Set<String> used = new LinkedHashSet<>();
        table.all().forEach(a -> used.add(a.name()));
        for (NewIndex i : lsis) i.keySchema().all().forEach(a -> used.add(a.name()));
        for (NewIndex i : gsis) i.keySchema().all().forEach(a -> used.add(a.name()));
        if (!used.containsAll(defs.keySet())) {
            throw Errors.validation("One or more parameter values were invalid: Some AttributeDefinitions are not used. "
                    + "AttributeDefinitions: [" + String.join(", ", defs.keySet()) + "], keys used: ["
                    + String.join(", ", used) + "]");
        }
    }

    static StreamSettings stream(JsonObject spec, Instant now) {
        if (spec == null || !Boolean.TRUE.equals(spec.bool("StreamEnabled"))) return null;
        String viewType = spec.string("StreamViewType");
        if (viewType == null) {
            throw Errors.validation("One or more parameter values were invalid: You must specify a StreamViewType when enabling a stream");
        }
        return new StreamSettings(true, viewType, STREAM_LABEL.format(now), now);
    }

    static SseSettings sse(JsonObject spec) {
        if (spec == null || !Boolean.TRUE.equals(spec.bool("Enabled"))) return null;
        String type = spec.string("SSEType");
        return new SseSettings(type == null ? "KMS" : type, spec.string("KMSMasterKeyId"));
    }
}
