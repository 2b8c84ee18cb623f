package io.keyline.partiql;

import io.keyline.expr.DocumentPath;
import io.keyline.model.AttributeValue;
import java.util.List;
import java.util.Map;

/**
 * One parsed PartiQL statement, parameters already bound. Immutable records; {@code where} is
 * null when the statement has no WHERE clause.
 */
public sealed interface Statement {
    /** The table the statement names. */
    String table();

    /** True for a SELECT (a read); EXISTS counts as a write-side condition check, as in DynamoDB. */
    default boolean isRead() { return this instanceof Select; }

    /**
     * {@code SELECT projection FROM table[."index"] [WHERE where] [ORDER BY ...]}.
     *
     * @param projection the listed paths, or null for {@code *}
     * @param index the index named after the table, or null
     */
    record Select(List<DocumentPath> projection, String table, String index, Expr where, List<Order> orderBy) implements Statement {
        public Select {
            projection = projection == null ? null : List.copyOf(projection);
            orderBy = List.copyOf(orderBy);
        }
    }

    /** One ORDER BY key. */
    record Order(DocumentPath key, boolean descending) {}

    /** {@code INSERT INTO table VALUE {item}}. */
    record Insert(String table, Map<String, AttributeValue> item) implements Statement {}

    /** {@code UPDATE table SET ... REMOVE ... WHERE where [RETURNING ...]}, clauses in statement order. */
    record Update(String table, List<Assignment> assignments, Expr where, Returning returning) implements Statement {
        public Update { assignments = List.copyOf(assignments); }
    }

    /** {@code DELETE FROM table WHERE where [RETURNING ALL OLD *]}. */
    record Delete(String table, Expr where, Returning returning) implements Statement {}

    /** {@code EXISTS(SELECT ...)}: a transaction's condition check on one item. */
    record Exists(Select select) implements Statement {
        @Override public String table() { return select.table(); }
    }

    /** One clause of an UPDATE. */
    sealed interface Assignment {
        /** {@code SET path = value}. */
        record Set(DocumentPath path, Expr value) implements Assignment {}

        /** {@code REMOVE path}. */
        record Remove(DocumentPath path) implements Assignment {}
    }

    /** What an UPDATE or DELETE returns: DynamoDB's ReturnValues under PartiQL's names. */
    enum Returning {
        NONE("NONE"), ALL_OLD("ALL OLD"), MODIFIED_OLD("MODIFIED OLD"), ALL_NEW("ALL NEW"), MODIFIED_NEW("MODIFIED NEW");

        private final String text;

        Returning(String text) { this.text = text; }

        /** As written in a statement, e.g. {@code ALL OLD}. */
        public String text() { return text; }
    }
}
