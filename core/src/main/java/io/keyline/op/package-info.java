/**
 * One class per DynamoDB operation, named as the operation ({@code PutItem}, {@code Query}, ...),
 * registered in {@link io.keyline.op.Operations}. An operation checks the request's member
 * constraints, parses and validates its expressions, then calls the engine; it never sees HTTP.
 * Helpers shared by several operations live beside them ({@code RequestExpressions},
 * {@code WriteRequest}, {@code ReadRequests}, {@code BatchRequests}, ...); the control plane's
 * shared validation is in {@code op.control}.
 */
package io.keyline.op;
