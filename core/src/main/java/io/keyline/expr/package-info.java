/**
 * DynamoDB's expression language: ConditionExpression (and FilterExpression), UpdateExpression,
 * ProjectionExpression, and the legacy parameters (Expected, AttributeUpdates, AttributesToGet)
 * translated into the same AST.
 *
 * <p>Phases: a hand-written recursive-descent parser ({@link io.keyline.expr.ConditionParser},
 * {@link io.keyline.expr.UpdateParser}, {@link io.keyline.expr.ProjectionParser}) turns text into
 * immutable AST records with {@code #name} and {@code :value} placeholders still in place; parse
 * results are cached by text ({@link io.keyline.expr.ParseCache}). Per request,
 * {@link io.keyline.expr.ExpressionContext} resolves placeholders, validates the tree with
 * DynamoDB's checks in DynamoDB's order, and hands out {@link io.keyline.expr.Condition},
 * {@link io.keyline.expr.Update} and {@link io.keyline.expr.Projection}, which evaluate against
 * items. Errors are {@code ValidationException}s with DynamoDB's exact text.
 *
 * <p>This package depends only on {@code model} and {@code error} (and on {@code protocol.JsonObject}
 * for reading the legacy parameters).
 */
package io.keyline.expr;
