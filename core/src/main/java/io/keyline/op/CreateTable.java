package io.keyline.op;

import io.keyline.metadata.BillingMode;
import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.metadata.NewIndex;
import io.keyline.metadata.NewTable;
import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.metadata.SseSettings;
import io.keyline.metadata.StreamSettings;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.WarmThroughput;
import io.keyline.error.Errors;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import io.keyline.op.request.Constraints;
import io.keyline.op.control.GlobalIndexUpdates;
import io.keyline.op.control.SchemaDecoder;
import io.keyline.op.control.SchemaInput;
import io.keyline.op.control.SchemaRules;
import io.keyline.op.request.Names;
import io.keyline.op.control.Tags;
import io.keyline.op.control.Throughputs;
import io.keyline.op.control.WarmThroughputs;
import io.keyline.op.request.CreateTableRequest;
import io.keyline.op.request.KeySchemaElement;
import io.keyline.op.request.ProvisionedThroughput;
import io.keyline.op.request.SecondaryIndex;
import io.keyline.op.request.SseSpecification;
import io.keyline.op.request.StreamSpecification;
import io.keyline.op.response.TableDescriptions;
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
public final class CreateTable implements Operation<CreateTableRequest> {
    /** docs/RULES.md#INDEX-COUNTS: 5 LSIs per table. */
    public static final int MAX_LOCAL_INDEXES = 5;
    /** docs/RULES.md#INDEX-COUNTS: 20 GSIs per table (default quota). */
    public static final int MAX_GLOBAL_INDEXES = GlobalIndexUpdates.MAX_GLOBAL_INDEXES;
    /** docs/RULES.md#INDEX-COUNTS: 100 projected NonKeyAttributes across all indexes of a table. */
    public static final int MAX_NON_KEY_ATTRIBUTES_PER_TABLE = 100;

    static final List<String> BILLING_MODES = List.of("PROVISIONED", "PAY_PER_REQUEST");
    static final List<String> STREAM_VIEW_TYPES = List.of("NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY");
    static final List<String> SSE_TYPES = List.of("AES256", "KMS");
    static final List<String> TABLE_CLASSES = List.of("STANDARD", "STANDARD_INFREQUENT_ACCESS");
    private static final DateTimeFormatter STREAM_LABEL =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private final Tables tables;

    public CreateTable(Engine engine) { this.tables = engine.tables(); }

    @Override public String name() { return "CreateTable"; }

    @Override public CreateTableRequest decode(JsonObject request) {
        return new CreateTableRequest(SchemaDecoder.attributeDefinitions(request), request.string("TableName"),
                request.string("BillingMode"), SchemaDecoder.throughput(request.object("ProvisionedThroughput")),
                SchemaDecoder.keySchema(request), SchemaDecoder.indexes(request, "LocalSecondaryIndexes", false),
                SchemaDecoder.indexes(request, "GlobalSecondaryIndexes", true), SchemaDecoder.stream(request),
                SchemaDecoder.sse(request), request.string("TableClass"), SchemaDecoder.tags(request),
                SchemaDecoder.onDemand(request.object("OnDemandThroughput")), request.bool("DeletionProtectionEnabled"),
                SchemaDecoder.warm(request.object("WarmThroughput")));
    }

    @Override public Object run(CreateTableRequest request) {
        Constraints c = new Constraints();
        c.notNull("attributeDefinitions", request.attributeDefinitions());
        var rawDefs = SchemaInput.attributeDefinitions(request.attributeDefinitions(), "attributeDefinitions", c);
        String name = request.tableName();
        Names.check(name, c);
        String billing = request.billingMode();
        c.oneOf("billingMode", billing, BILLING_MODES);
        ProvisionedThroughput pt = SchemaInput.throughput(request.provisionedThroughput(), "provisionedThroughput", c);
        List<KeySchemaElement> keys = SchemaInput.keySchema(request.keySchema(), "keySchema", SchemaInput.MAX_TABLE_KEY_ELEMENTS, c);
        List<SecondaryIndex> lsis = SchemaInput.indexes(request.localSecondaryIndexes(), "localSecondaryIndexes", false, c);
        List<SecondaryIndex> gsis = SchemaInput.indexes(request.globalSecondaryIndexes(), "globalSecondaryIndexes", true, c);
        StreamSpecification streamSpec = request.streamSpecification();
        constrainStream(streamSpec, c);
        SseSpecification sseSpec = request.sseSpecification();
        if (sseSpec != null) c.oneOf("sSESpecification.sSEType", sseSpec.sseType(), SSE_TYPES);
        String tableClass = request.tableClass();
        c.oneOf("tableClass", tableClass, TABLE_CLASSES);
        Map<String, String> tags = Tags.read(request.tags(), "tags", c);
        OnDemandThroughput onDemand = request.onDemandThroughput();
        Boolean deletionProtection = request.deletionProtectionEnabled();
        WarmThroughput warm = request.warmThroughput();
        WarmThroughputs.constrain(warm, "warmThroughput", c);
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
        Throughputs.checkTableLimit(read, write, tables.tableQuotaRead(), tables.tableQuotaWrite());
        Tags.checkSemantics(tags, tags.size());
        WarmThroughputs.checkNotBelow(warm, WarmThroughputs.initial(mode, throughput), "table");

        Instant now = tables.now();
        NewTable spec = new NewTable(name, keySchema, defs, mode, throughput, onDemand, localIndexes, globalIndexes,
                stream(streamSpec, now), sse(sseSpec), tableClass, Boolean.TRUE.equals(deletionProtection), tags, warm);
        TableMetadata created = tables.create(spec);
        if (created == null) throw Errors.resourceInUse("Table already exists: " + name);
        return Map.of("TableDescription", TableDescriptions.full(tables.shown(created), tables.usageOf(created), tables.now(),
                tables.region(), tables.accountId()));
    }

    /** StreamSpecification's member constraints, as CreateTable and UpdateTable check them. */
    static void constrainStream(StreamSpecification spec, Constraints c) {
        if (spec == null) return;
        c.notNull("streamSpecification.streamEnabled", spec.streamEnabled());
        c.oneOf("streamSpecification.streamViewType", spec.streamViewType(), STREAM_VIEW_TYPES);
    }

    private static ProvisionedThroughputState billing(BillingMode mode, ProvisionedThroughput pt) {
        if (mode == BillingMode.PAY_PER_REQUEST) {
            Throughputs.refuseWithPayPerRequest(pt);
            return ProvisionedThroughputState.ON_DEMAND;
        }
        if (pt == null) {
            throw Errors.validation("No provisioned throughput specified for the table");
        }
        Throughputs.checkBounds(pt);
        return ProvisionedThroughputState.of(pt.readCapacityUnits(), pt.writeCapacityUnits());
    }

    private static List<NewIndex> localIndexes(List<SecondaryIndex> lsis, KeySchema table, Map<String, ScalarType> defs,
                                               Set<String> names) {
        List<NewIndex> out = new ArrayList<>();
        if (lsis == null) return out;
        if (lsis.isEmpty()) throw Errors.validation("One or more parameter values were invalid: List of LocalSecondaryIndexes is empty");
        if (!table.hasSortKey()) {
            throw Errors.validation("One or more parameter values were invalid: Table KeySchema does not have a range key, "
                    + "which is required when specifying a LocalSecondaryIndex");
        }
        for (SecondaryIndex i : lsis) {
            out.add(SchemaRules.localIndex(i, table, defs));
            if (!names.add(i.indexName())) throw duplicateIndex(i.indexName());
        }
        if (out.size() > MAX_LOCAL_INDEXES) {
            throw Errors.validation("One or more parameter values were invalid: Number of LocalSecondaryIndexes exceeds "
                    + "per-table limit of " + MAX_LOCAL_INDEXES);
        }
        return out;
    }

    private static List<NewIndex> globalIndexes(List<SecondaryIndex> gsis, Map<String, ScalarType> defs, BillingMode mode,
                                                Set<String> names) {
        List<NewIndex> out = new ArrayList<>();
        if (gsis == null) return out;
        if (gsis.isEmpty()) throw Errors.validation("One or more parameter values were invalid: List of GlobalSecondaryIndexes is empty");
        for (SecondaryIndex i : gsis) {
            out.add(SchemaRules.globalIndex(i, defs, mode));
            if (!names.add(i.indexName())) throw duplicateIndex(i.indexName());
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

    static StreamSettings stream(StreamSpecification spec, Instant now) {
        if (spec == null || !Boolean.TRUE.equals(spec.streamEnabled())) return null;
        String viewType = spec.streamViewType();
        if (viewType == null) {
            throw Errors.validation("One or more parameter values were invalid: You must specify a StreamViewType when enabling a stream");
        }
        return new StreamSettings(true, viewType, STREAM_LABEL.format(now), now);
    }

    static SseSettings sse(SseSpecification spec) {
        if (spec == null || !Boolean.TRUE.equals(spec.enabled())) return null;
        String type = spec.sseType();
        return new SseSettings(type == null ? "KMS" : type, spec.kmsMasterKeyId());
    }
}
