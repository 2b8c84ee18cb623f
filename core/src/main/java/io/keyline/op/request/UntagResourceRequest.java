package io.keyline.op.request;

import java.util.List;

/** An UntagResource request after deserialization; TagKeys is null when absent, its elements may be null. */
public record UntagResourceRequest(String resourceArn, List<String> tagKeys) {}
