package io.keyline.metadata;

/**
 * Server-side encryption as requested by SSESpecification. Only an explicitly enabled
 * specification is kept (DynamoDB omits SSEDescription for the default AWS-owned key). Immutable.
 */
public record SseSettings(String sseType, String kmsMasterKeyId) {}
