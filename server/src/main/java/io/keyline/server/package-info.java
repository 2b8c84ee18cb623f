/**
 * The DynamoDB wire front: a Netty HTTP/1.1 server that turns
 * {@code POST / X-Amz-Target: DynamoDB_20120810.<Op>} requests into
 * {@link io.keyline.op.Operations#dispatch} calls and renders results and
 * {@link io.keyline.error.ApiException}s the way DynamoDB does (x-amz-crc32, x-amzn-RequestId,
 * {@code application/x-amz-json-1.0}). Netty's event loops only frame and write bytes; request
 * decoding, parsing and the operation itself run on a worker pool. On the same port, with metrics
 * on: {@code GET /metrics} (Prometheus), {@code GET /admin/partitions}, and CloudWatch's read API
 * over DynamoDB's metrics ({@link io.keyline.server.cloudwatch}). Who may call, signatures verified
 * or not, and TLS: {@link io.keyline.server.ServerSecurity} ({@link io.keyline.server.auth},
 * {@link io.keyline.server.tls}).
 */
package io.keyline.server;
