package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.error.Errors;
import io.keyline.model.AttributeValue;
import io.keyline.op.partiql.StatementReads;
import io.keyline.op.partiql.StatementWrites;
import io.keyline.op.request.ExecuteStatementRequest;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.request.ReturnValuesOnConditionCheckFailure;
import io.keyline.partiql.Statement;
import io.keyline.partiql.StatementParser;
import io.keyline.protocol.JsonObject;
import java.util.List;
import java.util.Objects;

/**
 * ExecuteStatement: one PartiQL statement (docs/PARTIQL.md). A SELECT is a Query per partition
 * key value or a Scan, paged with Limit and NextToken; INSERT, UPDATE and DELETE are the
 * single-item writes with conditions (docs/RULES.md#PARTIQL-SELECT-PLAN,
 * docs/RULES.md#PARTIQL-SINGLE-ITEM). Capacity, metrics, streams and indexes follow from the
 * engine verbs it runs, exactly as for the equivalent API call.
 */
public final class ExecuteStatement implements Operation<ExecuteStatementRequest> {
    /** Wordings [inf] (docs/RULES.md#PARTIQL-ERRORS). */
    static final String EXISTS_IN_TRANSACTIONS_ONLY = "EXISTS can only be used in ExecuteTransaction";
    static final String NEXT_TOKEN_ON_WRITE = "NextToken is only valid on a SELECT statement";

    private final Engine engine;

    public ExecuteStatement(Engine engine) { this.engine = engine; }

    @Override public String name() { return "ExecuteStatement"; }

    @Override public ExecuteStatementRequest decode(JsonObject request) { return ExecuteStatementRequest.decode(request); }

    @Override public Object run(ExecuteStatementRequest request) {
        List<AttributeValue> parameters = request.parameters().get();
        Statement statement = StatementParser.parse(request.statement(), parameters);
        ReturnConsumedCapacity level = ReturnConsumedCapacity.of(request.returnConsumedCapacity());
        if (statement instanceof Statement.Select select) {
            return StatementReads.page(engine, select, request.limit(), request.consistent(), request.nextToken(),
                    fingerprint(request.statement(), parameters), level);
        }
        if (statement instanceof Statement.Exists) throw Errors.validation(EXISTS_IN_TRANSACTIONS_ONLY);
        if (request.nextToken() != null) throw Errors.validation(NEXT_TOKEN_ON_WRITE);
        StatementWrites.Prepared write = StatementWrites.prepare(engine, statement);
        boolean returnOld = ReturnValuesOnConditionCheckFailure.of(request.returnValuesOnConditionCheckFailure()).returnsOldItem();
        return StatementWrites.execute(engine, write, returnOld, level);
    }

    /** What binds a NextToken to its statement: the text and the parameters. */
    static long fingerprint(String statement, List<AttributeValue> parameters) {
        return ((long) Objects.hashCode(statement) << 32) ^ (Objects.hashCode(parameters) & 0xffffffffL);
    }
}
