/**
 * One class per DynamoDB operation, named as the operation ({@code PutItem}, {@code Query}, ...),
 * registered in {@link io.keyline.op.Operations}. An operation decodes the wire object into its
 * typed request, checks the request's member constraints, parses and validates its
 * expressions, then calls the engine; it never sees HTTP. What several operations share lives
 * in sub-packages: {@code op.request} (decoding and checking requests), {@code op.response}
 * (rendering DynamoDB's response fields) and {@code op.control} (the control plane's shared
 * validation).
 */
package io.keyline.op;
