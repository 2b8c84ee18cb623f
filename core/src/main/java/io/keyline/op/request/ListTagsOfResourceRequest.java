package io.keyline.op.request;


/** A ListTagsOfResource request after deserialization (NextToken is never needed: one page holds 50 tags). */
public record ListTagsOfResourceRequest(String resourceArn) {}
