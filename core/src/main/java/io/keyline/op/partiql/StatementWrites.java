package io.keyline.op.partiql;

import io.keyline.engine.Engine;
import io.keyline.engine.api.Mutation;
import io.keyline.engine.api.WriteAction;
import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.expr.ExpressionContext;
import io.keyline.expr.Projection;
import io.keyline.expr.Update;
import io.keyline.expr.UpdateResult;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeySchema;
import io.keyline.op.request.ItemChecks;
import io.keyline.op.request.KeyUpdates;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.partiql.ExpressionWriter;
import io.keyline.partiql.KeyMatch;
import io.keyline.partiql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * INSERT, UPDATE, DELETE (and a transaction's EXISTS) as the single-item writes they are
 * (docs/RULES.md#PARTIQL-INSERT, docs/RULES.md#PARTIQL-SINGLE-ITEM): INSERT is PutItem under
 * {@code attribute_not_exists(pk)} (a failure is DuplicateItemException); UPDATE is UpdateItem
 * under {@code attribute_exists(pk)} and the WHERE clause's other conditions (it never creates
 * an item); DELETE is DeleteItem under {@code attribute_not_exists(pk) OR (other conditions)}
 * (a missing item is no error); EXISTS is a ConditionCheck under {@code attribute_exists(pk)}
 * and the other conditions. Stateless.
 */
public final class StatementWrites {
    /** DynamoDB's message (docs/RULES.md#PARTIQL-INSERT). */
    public static final String DUPLICATE_ITEM = "Duplicate primary key exists in table";
    /** DynamoDB's message for RETURNING on DELETE other than ALL OLD. */
    static final String DELETE_RETURNING = "Invalid returning clause: RETURNING %s *. Only RETURNING ALL OLD * is allowed in DELETE statements.";

    private StatementWrites() {}

    /**
     * A write statement resolved against its table: what the engine writes, and under which
     * condition. {@code update} is set for UPDATE ({@code RETURNING MODIFIED ...} reads it);
     * {@code mutation} is null for EXISTS.
     */
    public record Prepared(Statement statement, TableMetadata table, PrimaryKey key, Condition condition, Mutation mutation,
                           Update update, Map<String, AttributeValue> failurePricedItem) {
        public boolean isInsert() { return statement instanceof Statement.Insert; }

        public WriteAction action(boolean returnOldOnFailure) {
            return new WriteAction(table, key, condition, returnOldOnFailure, mutation);
        }
    }

    /** Resolves a write statement: table, key, condition and change, with the errors of the equivalent API call. */
    public static Prepared prepare(Engine engine, Statement statement) {
        ExpressionWriter writer = new ExpressionWriter();
        if (statement instanceof Statement.Insert insert) {
            TableMetadata table = engine.table(insert.table());
            Map<String, AttributeValue> item = insert.item();
            PrimaryKey key = PrimaryKeys.fromItem(table.keySchema(), item);
            ItemChecks.checkItem(item, "Item size has exceeded the maximum allowed size");
            String text = "attribute_not_exists(" + writer.name(table.keySchema().partitionKey().name()) + ")";
            Condition condition = context(writer).condition(text, "ConditionExpression");
            return new Prepared(statement, table, key, condition, old -> item, null, item);
        }
        if (statement instanceof Statement.Update update) {
            TableMetadata table = engine.table(update.table());
            KeySchema schema = table.keySchema();
            KeyMatch.ItemKey target = KeyMatch.item(update.where(), schema);
            PrimaryKey key = PrimaryKeys.fromKey(schema, target.key());
            String conditionText = mustExist(writer, schema, target);
            String updateText = writer.update(update.assignments());
            ExpressionContext context = context(writer);
            Update change = context.update(updateText);
            Condition condition = context.condition(conditionText, "ConditionExpression");
            KeyUpdates.check(schema, change);
            Mutation mutation = old -> {
                if (old == null) return null;
                Map<String, AttributeValue> next = change.apply(old).item();
                ItemChecks.checkItem(next, "Item size to update has exceeded the maximum allowed size");
                return next;
            };
            return new Prepared(statement, table, key, condition, mutation, change, null);
        }
        if (statement instanceof Statement.Delete delete) {
            if (delete.returning() != Statement.Returning.NONE && delete.returning() != Statement.Returning.ALL_OLD) {
                throw Errors.validation(String.format(DELETE_RETURNING, delete.returning().text()));
            }
            TableMetadata table = engine.table(delete.table());
            KeySchema schema = table.keySchema();
            KeyMatch.ItemKey target = KeyMatch.item(delete.where(), schema);
            PrimaryKey key = PrimaryKeys.fromKey(schema, target.key());
            Condition condition = null;
            if (target.rest() != null) {
                String text = "attribute_not_exists(" + writer.name(schema.partitionKey().name()) + ") OR ("
                        + writer.condition(target.rest()) + ")";
                condition = context(writer).condition(text, "ConditionExpression");
            }
            return new Prepared(statement, table, key, condition, old -> null, null, null);
        }
        Statement.Exists exists = (Statement.Exists) statement;
        TableMetadata table = engine.table(exists.table());
        KeySchema schema = table.keySchema();
        KeyMatch.ItemKey target = KeyMatch.item(exists.select().where(), schema);
        PrimaryKey key = PrimaryKeys.fromKey(schema, target.key());
        String text = mustExist(writer, schema, target);
        Condition condition = context(writer).condition(text, "ConditionExpression");
        return new Prepared(statement, table, key, condition, null, null, null);
    }

    /** What one write did: the item RETURNING asks for (null for none) and the capacity it consumed. */
    public record Outcome(Map<String, AttributeValue> returned, io.keyline.capacity.ConsumedCapacity consumed) {}

    /** Runs one prepared write; an INSERT whose item exists is DuplicateItemException. */
    public static Outcome write(Engine engine, Prepared write, boolean returnOldOnFailure) {
        Engine.ItemWrite result;
        try {
            result = engine.write(write.table(), write.key(), write.condition(), returnOldOnFailure, write.failurePricedItem(), write.mutation());
        } catch (ApiException e) {
            if (write.isInsert() && e.name().equals("ConditionalCheckFailedException")) throw Errors.duplicateItem(DUPLICATE_ITEM);
            throw e;
        }
        Map<String, AttributeValue> returned = returned(write, returning(write.statement()), result);
        return new Outcome(returned == null || returned.isEmpty() ? null : returned, result.consumed());
    }

    /** Runs one prepared write as ExecuteStatement: Items (what RETURNING asks for) and ConsumedCapacity. */
    public static Map<String, Object> execute(Engine engine, Prepared write, boolean returnOldOnFailure, ReturnConsumedCapacity level) {
        Outcome outcome = write(engine, write, returnOldOnFailure);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        if (outcome.returned() != null) items.add(outcome.returned());
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("Items", items);
        ConsumedCapacityResponse.add(response, level, outcome.consumed());
        return response;
    }

    private static Statement.Returning returning(Statement s) {
        if (s instanceof Statement.Update u) return u.returning();
        if (s instanceof Statement.Delete d) return d.returning();
        return Statement.Returning.NONE;
    }

    private static Map<String, AttributeValue> returned(Prepared write, Statement.Returning returning, Engine.ItemWrite result) {
        switch (returning) {
            case ALL_OLD: return result.oldItem();
            case ALL_NEW: return result.newItem();
            case MODIFIED_OLD:
            case MODIFIED_NEW: {
                if (result.oldItem() == null || write.update() == null) return null;
                UpdateResult applied = write.update().apply(result.oldItem());
                Projection modified = Projection.of(applied.modifiedPaths());
                return modified.apply(returning == Statement.Returning.MODIFIED_OLD ? result.oldItem() : result.newItem());
            }
            default: return null;
        }
    }

    /** {@code attribute_exists(pk)}, and the WHERE clause's other conditions. */
    private static String mustExist(ExpressionWriter writer, KeySchema schema, KeyMatch.ItemKey target) {
        String exists = "attribute_exists(" + writer.name(schema.partitionKey().name()) + ")";
        return target.rest() == null ? exists : exists + " AND (" + writer.condition(target.rest()) + ")";
    }

    private static ExpressionContext context(ExpressionWriter writer) {
        return new ExpressionContext(writer.names(), writer.values());
    }
}
