package io.keyline.op.request;

import java.util.List;

/** A TagResource request after deserialization; Tags is null when absent, its elements may be null. */
public record TagResourceRequest(String resourceArn, List<Tag> tags) {}
