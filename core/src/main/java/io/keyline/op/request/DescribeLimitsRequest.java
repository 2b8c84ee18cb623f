package io.keyline.op.request;


/** A DescribeLimits request: it has no members. */
public record DescribeLimitsRequest() {
    public static final DescribeLimitsRequest INSTANCE = new DescribeLimitsRequest();
}
