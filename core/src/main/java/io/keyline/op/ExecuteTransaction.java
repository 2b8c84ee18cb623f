package io.keyline.op;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.capacity.ReadConsistency;
import io.keyline.capacity.Throttle;
import io.keyline.engine.Engine;
import io.keyline.engine.api.CancellationReason;
import io.keyline.engine.api.ItemRef;
import io.keyline.engine.api.TransactionCancelled;
import io.keyline.engine.api.WriteAction;
import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.expr.ExpressionContext;
import io.keyline.expr.Projection;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.op.partiql.StatementWrites;
import io.keyline.op.request.BatchRequests;
import io.keyline.op.request.ExecuteTransactionRequest;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.request.ReturnValuesOnConditionCheckFailure;
import io.keyline.op.response.CancellationReasons;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.partiql.ExpressionWriter;
import io.keyline.partiql.KeyMatch;
import io.keyline.partiql.Statement;
import io.keyline.partiql.StatementParser;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ExecuteTransaction: up to 100 statements applied all or none (docs/RULES.md#PARTIQL-TRANSACTION).
 * Writes (INSERT, UPDATE, DELETE, and EXISTS as a condition check) become TransactWriteItems'
 * plan and run through the same engine call, with its ClientRequestToken idempotency and its
 * TransactionCanceledException; an INSERT whose item exists is cancelled with DuplicateItem.
 * Reads (each SELECT naming one item by its full key) run as TransactGetItems does, at the
 * transactional read price. Reads and writes do not mix.
 */
public final class ExecuteTransaction implements Operation<ExecuteTransactionRequest> {
    /** Wordings as other DynamoDB emulators recorded them against the service [inf] (docs/RULES.md#PARTIQL-TRANSACTION). */
    static final String MIXED = "ExecuteTransaction API does not support both read and write operations in the same request.";
    static final String RETURNING = "Validation failed in TransactStatements[%d]: RETURNING clause is not supported in ExecuteTransaction.";
    static final String INDEX_READ = "Validation failed in TransactStatements[%d]: Reads on indices are not supported within transactions.";
    private static final List<String> NOT_FINGERPRINTED = List.of("ClientRequestToken", "ReturnConsumedCapacity");

    private final Engine engine;

    public ExecuteTransaction(Engine engine) { this.engine = engine; }

    @Override public String name() { return "ExecuteTransaction"; }

    @Override public ExecuteTransactionRequest decode(JsonObject request) { return ExecuteTransactionRequest.decode(request); }

    @Override public Object run(ExecuteTransactionRequest request) {
        ReturnConsumedCapacity level = ReturnConsumedCapacity.of(request.returnConsumedCapacity());
        List<Statement> statements = new ArrayList<>();
        boolean reads = false, writes = false;
        for (int i = 0; i < request.statements().size(); i++) {
            ExecuteTransactionRequest.Member m = request.statements().get(i);
            Statement s = StatementParser.parse(m.statement(), m.parameters().get());
            if ((s instanceof Statement.Update u && u.returning() != Statement.Returning.NONE)
                    || (s instanceof Statement.Delete d && d.returning() != Statement.Returning.NONE)) {
                throw Errors.validation(String.format(RETURNING, i));
            }
            if ((s instanceof Statement.Select sel && sel.index() != null) || (s instanceof Statement.Exists e && e.select().index() != null)) {
                throw Errors.validation(String.format(INDEX_READ, i));
            }
            if (s.isRead()) reads = true;
            else writes = true;
            statements.add(s);
        }
        if (reads && writes) throw Errors.validation(MIXED);
        return reads ? read(statements, level) : write(request, statements, level);
    }

    private Object write(ExecuteTransactionRequest request, List<Statement> statements, ReturnConsumedCapacity level) {
        List<WriteAction> plan = new ArrayList<>();
        List<Boolean> inserts = new ArrayList<>();
        BatchRequests.Seen seen = new BatchRequests.Seen(TransactWriteItems.MULTIPLE_OPERATIONS);
        for (int j = 0; j < statements.size(); j++) {
            StatementWrites.Prepared prepared = StatementWrites.prepare(engine, statements.get(j));
            if (prepared.mutation() != null && prepared.isInsert()) Engine.checkIndexKeys(prepared.table(), ((Statement.Insert) prepared.statement()).item());
            boolean returnOld = ReturnValuesOnConditionCheckFailure.of(request.statements().get(j).returnValuesOnConditionCheckFailure()).returnsOldItem();
            seen.add(prepared.table(), prepared.key());
            plan.add(prepared.action(returnOld));
            inserts.add(prepared.isInsert());
        }
        Map<String, Object> fingerprint = new LinkedHashMap<>(request.wire());
        NOT_FINGERPRINTED.forEach(fingerprint::remove);
        if (request.clientRequestToken() == null) return execute(plan, inserts, level);
        return engine.batches().idempotent(request.clientRequestToken(), fingerprint, () -> execute(plan, inserts, level));
    }

    private Object execute(List<WriteAction> plan, List<Boolean> inserts, ReturnConsumedCapacity level) {
        boolean priced = level != ReturnConsumedCapacity.NONE;
        List<ConsumedCapacity> consumed;
        try {
            consumed = engine.batches().write(plan, priced);
        } catch (TransactionCancelled e) {
            List<CancellationReason> reasons = new ArrayList<>(e.reasons());
            for (int j = 0; j < reasons.size(); j++) {
                // docs/RULES.md#PARTIQL-INSERT: an INSERT's failed attribute_not_exists is DuplicateItem
                if (inserts.get(j) && reasons.get(j).code().equals("ConditionalCheckFailed")) {
                    reasons.set(j, new CancellationReason("DuplicateItem", StatementWrites.DUPLICATE_ITEM, null));
                }
            }
            throw CancellationReasons.error(reasons);
        }
        List<Object> responses = new ArrayList<>();
        for (int j = 0; j < plan.size(); j++) responses.add(new LinkedHashMap<>());
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("Responses", responses);
        if (priced) ConsumedCapacityResponse.addList(response, level, consumed);
        return response;
    }

    /** Every SELECT names one item by its full key: TransactGetItems' admission, read and transactional price. */
    private Object read(List<Statement> statements, ReturnConsumedCapacity level) {
        List<ItemRef> refs = new ArrayList<>();
        List<Condition> filters = new ArrayList<>();
        List<Projection> projections = new ArrayList<>();
        BatchRequests.Seen seen = new BatchRequests.Seen(TransactWriteItems.MULTIPLE_OPERATIONS);
        for (Statement s : statements) {
            Statement.Select select = (Statement.Select) s;
            TableMetadata table = engine.table(select.table());
            KeyMatch.ItemKey target = KeyMatch.item(select.where(), table.keySchema());
            ExpressionWriter writer = new ExpressionWriter();
            String filterText = target.rest() == null ? null : writer.condition(target.rest());
            String projectionText = select.projection() == null ? null : writer.projection(select.projection());
            ExpressionContext context = new ExpressionContext(writer.names(), writer.values());
            filters.add(filterText == null ? null : context.condition(filterText, "FilterExpression"));
            projections.add(projectionText == null ? null : context.projection(projectionText));
            ItemRef ref = new ItemRef(table, PrimaryKeys.fromKey(table.keySchema(), target.key()));
            seen.add(ref.table(), ref.key());
            refs.add(ref);
        }
        // docs/RULES.md#TX-CANCELLATION: a refused read cancels the transaction with ThrottlingError at its position
        for (int j = 0; j < refs.size(); j++) {
            Throttle refused = engine.tryAdmitRead(refs.get(j).table(), refs.get(j).key());
            if (refused != null) {
                throw CancellationReasons.error(CancellationReason.only(refs.size(), j, CancellationReason.throttled(refused.message())));
            }
        }
        List<Map<String, AttributeValue>> found = engine.batches().readAll(refs);
        Map<String, ConsumedCapacity> consumed = new LinkedHashMap<>();
        List<Object> responses = new ArrayList<>();
        for (int j = 0; j < found.size(); j++) {
            // docs/RULES.md#CAP-TRANSACTION: transactional reads cost twice a strong one
            ConsumedCapacity cc = engine.chargeRead(refs.get(j).table(), refs.get(j).key(), found.get(j), ReadConsistency.TRANSACTIONAL);
            consumed.merge(refs.get(j).table().name(), cc, ConsumedCapacity::plus);
            Map<String, Object> entry = new LinkedHashMap<>();
            Map<String, AttributeValue> item = found.get(j);
            if (item != null && (filters.get(j) == null || filters.get(j).test(item))) {
                entry.put("Item", projections.get(j) == null ? item : projections.get(j).apply(item));
            }
            responses.add(entry);
        }
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("Responses", responses);
        ConsumedCapacityResponse.addList(response, level, List.copyOf(consumed.values()));
        return response;
    }
}
