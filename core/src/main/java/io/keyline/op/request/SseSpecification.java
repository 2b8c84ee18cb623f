package io.keyline.op.request;

/** An SSESpecification as sent. */
public record SseSpecification(Boolean enabled, String sseType, String kmsMasterKeyId) {}
