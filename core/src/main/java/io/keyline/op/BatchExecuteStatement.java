package io.keyline.op;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.capacity.ReadConsistency;
import io.keyline.engine.Engine;
import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.expr.ExpressionContext;
import io.keyline.expr.Projection;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.op.partiql.StatementWrites;
import io.keyline.op.request.BatchExecuteStatementRequest;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.request.ReturnValuesOnConditionCheckFailure;
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
 * BatchExecuteStatement: up to 25 statements, all reads or all writes
 * (docs/RULES.md#PARTIQL-BATCH). Each runs on its own, as BatchGetItem's and BatchWriteItem's
 * items do: a read is a GetItem of the item its WHERE clause names in full, a write is the
 * single-item write ExecuteStatement runs. A statement that fails answers with an Error
 * (Code, Message) in its place in Responses; the others still run. The request fails as a whole
 * only for mixing reads and writes.
 */
public final class BatchExecuteStatement implements Operation<BatchExecuteStatementRequest> {
    /** Wordings as other DynamoDB emulators recorded them against the service [inf] (docs/RULES.md#PARTIQL-BATCH). */
    static final String MIXED = "Read and write requests together in the same batch is not supported.";
    static final String READ_NEEDS_KEY = "Select statements within BatchExecuteStatement must specify the primary key in the where clause.";

    private final Engine engine;

    public BatchExecuteStatement(Engine engine) { this.engine = engine; }

    @Override public String name() { return "BatchExecuteStatement"; }

    @Override public BatchExecuteStatementRequest decode(JsonObject request) { return BatchExecuteStatementRequest.decode(request); }

    @Override public Object run(BatchExecuteStatementRequest request) {
        ReturnConsumedCapacity level = ReturnConsumedCapacity.of(request.returnConsumedCapacity());
        List<Object> parsed = new ArrayList<>();
        boolean reads = false, writes = false;
        for (BatchExecuteStatementRequest.Member m : request.statements()) {
            try {
                Statement s = StatementParser.parse(m.statement(), m.parameters().get());
                if (s.isRead()) reads = true;
                else writes = true;
                parsed.add(s);
            } catch (ApiException e) {
                parsed.add(e);
            }
        }
        if (reads && writes) throw Errors.validation(MIXED);

        Map<String, ConsumedCapacity> consumed = new LinkedHashMap<>();
        List<Object> responses = new ArrayList<>();
        for (int i = 0; i < parsed.size(); i++) {
            BatchExecuteStatementRequest.Member member = request.statements().get(i);
            Map<String, Object> response = new LinkedHashMap<>();
            if (parsed.get(i) instanceof ApiException e) {
                responses.add(error(response, e, null));
                continue;
            }
            Statement statement = (Statement) parsed.get(i);
            try {
                if (statement instanceof Statement.Select select) {
                    read(select, member.consistent(), response, consumed);
                } else {
                    if (statement instanceof Statement.Exists) throw Errors.validation(ExecuteStatement.EXISTS_IN_TRANSACTIONS_ONLY);
                    StatementWrites.Prepared write = StatementWrites.prepare(engine, statement);
                    boolean returnOld = ReturnValuesOnConditionCheckFailure.of(member.returnValuesOnConditionCheckFailure()).returnsOldItem();
                    StatementWrites.Outcome outcome = StatementWrites.write(engine, write, returnOld);
                    response.put("TableName", write.table().name());
                    if (outcome.returned() != null) response.put("Item", outcome.returned());
                    if (outcome.consumed() != null) consumed.merge(write.table().name(), outcome.consumed(), ConsumedCapacity::plus);
                }
                responses.add(response);
            } catch (ApiException e) {
                responses.add(error(new LinkedHashMap<>(), e, statement.table()));
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("Responses", responses);
        ConsumedCapacityResponse.addList(out, level, List.copyOf(consumed.values()));
        return out;
    }

    /** A batch read: GetItem of the one item the WHERE clause names, its other conditions a filter on that item. */
    private void read(Statement.Select select, boolean consistent, Map<String, Object> response, Map<String, ConsumedCapacity> consumed) {
        TableMetadata table = engine.table(select.table());
        if (select.index() != null) throw Errors.validation(READ_NEEDS_KEY);
        KeyMatch.ItemKey target;
        try {
            target = KeyMatch.item(select.where(), table.keySchema());
        } catch (ApiException e) {
            throw Errors.validation(READ_NEEDS_KEY);
        }
        PrimaryKey key = PrimaryKeys.fromKey(table.keySchema(), target.key());
        ExpressionWriter writer = new ExpressionWriter();
        String filterText = target.rest() == null ? null : writer.condition(target.rest());
        String projectionText = select.projection() == null ? null : writer.projection(select.projection());
        ExpressionContext context = new ExpressionContext(writer.names(), writer.values());
        Condition filter = filterText == null ? null : context.condition(filterText, "FilterExpression");
        Projection projection = projectionText == null ? null : context.projection(projectionText);

        Engine.ItemRead read = engine.read(table, key, ReadConsistency.of(consistent));
        if (read.consumed() != null) consumed.merge(table.name(), read.consumed(), ConsumedCapacity::plus);
        response.put("TableName", table.name());
        Map<String, AttributeValue> item = read.item();
        if (item != null && (filter == null || filter.test(item))) response.put("Item", projection == null ? item : projection.apply(item));
    }

    /**
     * A statement's Error: Code is the exception's name without "Exception" (ValidationError for
     * a ValidationException, as BatchStatementError's enum spells it); TableName rides along
     * when the statement got as far as its table.
     */
    private static Map<String, Object> error(Map<String, Object> response, ApiException e, String table) {
        String name = e.name();
        String code = switch (name) {
            case "ValidationException" -> "ValidationError";
            case "ThrottlingException" -> "ThrottlingError";
            case "InternalServerError" -> "InternalServerError";
            default -> name.endsWith("Exception") ? name.substring(0, name.length() - "Exception".length()) : name;
        };
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("Code", code);
        error.put("Message", e.getMessage());
        response.put("Error", error);
        if (table != null && !code.equals("ValidationError")) response.put("TableName", table);
        return response;
    }
}
