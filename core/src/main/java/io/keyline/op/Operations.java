package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.error.Errors;
import io.keyline.protocol.JsonObject;
import io.keyline.protocol.shape.RequestShapes;
import io.keyline.protocol.shape.Violations;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The operation registry: name → handler, built once per engine, and the one place every
 * request passes on its way to its operation ({@link #handle}: the server and the in-process
 * callers), where it is checked against DynamoDB's shape for it first
 * (docs/RULES.md#VALIDATION-ORDER). A request signed for another region than the engine's default
 * runs the handlers of {@link #inRegion}, built on that region's view of the engine
 * (docs/RULES.md#NS-REGION) and kept for the next request of the region. Thread-safe (the name
 * map is never modified; the region cache is concurrent).
 */
public final class Operations {
    /** Regions whose handlers are kept; past this many, a request's handlers are built for it alone. */
    static final int MAX_CACHED_REGIONS = 256;

    private final Map<String, Operation<?>> byName;
    /** The engine the handlers were built on, or null for a fixed list. */
    private final Engine engine;
    private final Map<String, Operations> byRegion = new ConcurrentHashMap<>();
    /** DynamoDB's request shapes, or null for a registry of stand-ins (tests) that are not DynamoDB's operations. */
    private final RequestShapes shapes;

    /**
     * Completes once every write that returned before this call is durable (the engine's storage,
     * {@link io.keyline.storage.Storage#whenDurable()}); a server sends a reply only then. Complete
     * at once for a fixed list of operations.
     */
    public java.util.concurrent.CompletableFuture<Void> whenDurable() {
        return engine == null ? io.keyline.storage.Storage.DURABLE : engine.storage().whenDurable();
    }

    /** Keyline's operations, each request checked against DynamoDB's shape for it. */
    public Operations(Engine engine) {
        this(NotServed.around(all(engine)), engine, RequestShapes.dynamoDb());
    }

    /** Operations whose requests are not checked against a shape (stand-ins for the server's tests). */
    public Operations(List<Operation<?>> operations) {
        this(operations, null);
    }

    public Operations(List<Operation<?>> operations, RequestShapes shapes) {
        this(operations, null, shapes);
    }

    private Operations(List<Operation<?>> operations, Engine engine, RequestShapes shapes) {
        Map<String, Operation<?>> m = new LinkedHashMap<>();
        for (Operation<?> op : operations) m.put(op.name(), op);
        this.byName = Map.copyOf(m);
        this.engine = engine;
        this.shapes = shapes;
    }

    /**
     * The handlers a request signed for {@code region} runs: the tables of that region (or, with
     * --shared-db, of the default one) and ARNs in that region. These for a null region (a request
     * that names none), the engine's default region, or a fixed list.
     */
    public Operations inRegion(String region) {
        if (engine == null || region == null || region.equals(engine.settings().region())) return this;
        Operations cached = byRegion.get(region);
        if (cached != null) return cached;
        Engine view = engine.inRegion(region);
        if (view == engine) return this;
        Operations made = new Operations(NotServed.around(all(view)), null, shapes);
        if (byRegion.size() >= MAX_CACHED_REGIONS) return made;
        Operations prior = byRegion.putIfAbsent(region, made);
        return prior != null ? prior : made;
    }

    /**
     * The handlers a request of {@code account} signed for {@code region} runs (its account's
     * tables, docs/RULES.md#AUTH-ACCOUNTS); {@link #inRegion}'s for the engine's own account or
     * a null one. Kept like a region's.
     */
    public Operations inNamespace(String account, String region) {
        if (engine == null || account == null || account.equals(engine.settings().accountId())) return inRegion(region);
        String key = account + "/" + (region == null ? "" : region);
        Operations cached = byRegion.get(key);
        if (cached != null) return cached;
        Operations made = new Operations(all(engine.inNamespace(account, region)), null, shapes);
        if (byRegion.size() >= MAX_CACHED_REGIONS) return made;
        Operations prior = byRegion.putIfAbsent(key, made);
        return prior != null ? prior : made;
    }

    /** Every operation Keyline serves. Add new operations here, one line each. */
    static List<Operation<?>> all(Engine engine) {
        return List.of(
                new CreateTable(engine),
                new DescribeTable(engine),
                new ListTables(engine),
                new DeleteTable(engine),
                new UpdateTable(engine),
                new TagResource(engine),
                new UntagResource(engine),
                new ListTagsOfResource(engine),
                new DescribeEndpoints(engine),
                new DescribeLimits(),
                new GetItem(engine),
                new PutItem(engine),
                new UpdateItem(engine),
                new DeleteItem(engine),
                new BatchGetItem(engine),
                new BatchWriteItem(engine),
                new TransactGetItems(engine),
                new TransactWriteItems(engine),
                new Query(engine),
                new Scan(engine),
                new UpdateContributorInsights(engine),
                new DescribeContributorInsights(engine),
                new ListContributorInsights(engine),
                new UpdateTimeToLive(engine),
                new DescribeTimeToLive(engine),
                new CreateBackup(engine),
                new DescribeBackup(engine),
                new ListBackups(engine),
                new DeleteBackup(engine),
                new RestoreTableFromBackup(engine),
                new UpdateContinuousBackups(engine),
                new DescribeContinuousBackups(engine),
                new RestoreTableToPointInTime(engine),
                new ListStreams(engine),
                new DescribeStream(engine),
                new GetShardIterator(engine),
                new GetRecords(engine),
                // PartiQL (docs/PARTIQL.md)
                new ExecuteStatement(engine),
                new BatchExecuteStatement(engine),
                new ExecuteTransaction(engine)
        );
    }

    public Operation<?> get(String name) { return byName.get(name); }

    public Map<String, Operation<?>> all() { return byName; }

    /** Runs the named operation; unknown names are UnknownOperationException. */
    public Object dispatch(String name, JsonObject request) {
        Operation<?> op = byName.get(name);
        if (op == null) throw Errors.unknownOperation();
        return handle(op, request);
    }

    /**
     * Runs {@code op}, one of this registry's, on a parsed request, in DynamoDB's order: the
     * request's shape (SerializationException for a member of the wrong JSON type, the first in
     * the body's order; then the members' constraints and the operation's own member checks, one
     * aggregated ValidationException), then the operation. The checks walk the parsed map in
     * place: no second parse, no copy (a boolean sent as "true" is the one value replaced).
     */
    public Object handle(Operation<?> op, JsonObject request) {
        if (shapes != null) {
            shapes.deserialize(op.name(), request.raw());
            Violations violations = shapes.constraints(op.name(), request.raw());
            op.constraints(request, violations);
            violations.throwIfAny();
        }
        return op.handle(request);
    }

    /**
     * {@link #handle}'s checks and {@link Operation#decode}, without running: the typed request
     * that {@link Operation#run} takes. For a caller that sends one request again and again (the
     * simulator's client retrying a throttled request, docs/SIMULATOR.md, "Speed"): the checks
     * and the decoding give the same answer every time, so they are done once.
     */
    public <R> R decode(Operation<R> op, JsonObject request) {
        if (shapes != null) {
            shapes.deserialize(op.name(), request.raw());
            Violations violations = shapes.constraints(op.name(), request.raw());
            op.constraints(request, violations);
            violations.throwIfAny();
        }
        return op.decode(request);
    }
}
