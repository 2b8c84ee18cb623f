/**
 * How the PartiQL operations run a parsed statement ({@link io.keyline.partiql}) on the engine's
 * ordinary verbs, so that capacity, metrics, streams and indexes behave as for the equivalent
 * API call (docs/PARTIQL.md): a SELECT is a Query per partition key value or a Scan
 * ({@link io.keyline.op.partiql.StatementReads}), INSERT / UPDATE / DELETE are a PutItem,
 * UpdateItem or DeleteItem with a condition ({@link io.keyline.op.partiql.StatementWrites}), a
 * transaction is TransactWriteItems' or TransactGetItems' plan. Stateless helpers.
 */
package io.keyline.op.partiql;
