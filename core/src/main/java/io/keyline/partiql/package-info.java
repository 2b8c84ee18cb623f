/**
 * PartiQL as DynamoDB speaks it (docs/PARTIQL.md): the statements SELECT, INSERT, UPDATE, DELETE
 * and a transaction's EXISTS, parsed by a hand-written recursive-descent parser
 * ({@link io.keyline.partiql.StatementParser}) into immutable records ({@link io.keyline.partiql.Statement},
 * {@link io.keyline.partiql.Expr}), with the request's {@code ?} parameters bound while parsing.
 *
 * <p>Nothing here evaluates anything. A WHERE clause, a projection list and SET / REMOVE become
 * DynamoDB expression text with every name and value a placeholder
 * ({@link io.keyline.partiql.ExpressionWriter}), so the {@code expr} package resolves, validates
 * and evaluates them exactly as it does a Query's or an UpdateItem's; {@link io.keyline.partiql.KeyMatch}
 * reads off a WHERE clause the key a statement addresses (the Query, GetItem or single-item write
 * it becomes). The operations (ExecuteStatement, BatchExecuteStatement, ExecuteTransaction) run
 * the result through the engine's ordinary verbs.
 *
 * <p>Depends only on {@code model}, {@code expr} (document paths, key condition terms) and
 * {@code error}.
 */
package io.keyline.partiql;
