package io.keyline.expr;

import io.keyline.model.AttributeValue;

/**
 * One action of an update: the four UpdateExpression clauses, and the legacy AttributeUpdates
 * actions, whose type rules differ (ADD also appends lists; DELETE without a value removes).
 * Immutable records.
 */
public sealed interface UpdateAction
        permits UpdateAction.Set, UpdateAction.Remove, UpdateAction.Add, UpdateAction.Delete,
                UpdateAction.LegacyPut, UpdateAction.LegacyAdd, UpdateAction.LegacyDelete {

    DocumentPath path();

    /** True for actions that can only take away (REMOVE, DELETE): they never create an item. */
    default boolean removesOnly() { return false; }

    record Set(DocumentPath path, Operand value) implements UpdateAction {}

    record Remove(DocumentPath path) implements UpdateAction {
        @Override public boolean removesOnly() { return true; }
    }

    record Add(DocumentPath path, Operand value) implements UpdateAction {}

    record Delete(DocumentPath path, Operand value) implements UpdateAction {
        @Override public boolean removesOnly() { return true; }
    }

    record LegacyPut(DocumentPath path, AttributeValue value) implements UpdateAction {}

    record LegacyAdd(DocumentPath path, AttributeValue value) implements UpdateAction {}

    /** {@code value} null: remove the attribute; otherwise remove these set elements. */
    record LegacyDelete(DocumentPath path, AttributeValue value) implements UpdateAction {
        @Override public boolean removesOnly() { return true; }
    }
}
