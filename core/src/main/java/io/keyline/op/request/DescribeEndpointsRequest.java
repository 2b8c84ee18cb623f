package io.keyline.op.request;


/** A DescribeEndpoints request: it has no members. */
public record DescribeEndpointsRequest() {
    public static final DescribeEndpointsRequest INSTANCE = new DescribeEndpointsRequest();
}
