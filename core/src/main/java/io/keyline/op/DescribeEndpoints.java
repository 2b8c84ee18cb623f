package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.op.request.DescribeEndpointsRequest;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DescribeEndpoints: the one endpoint clients doing endpoint discovery should use. That is the
 * server's own address when the server configured one ({@code Settings.endpointAddress}), else
 * DynamoDB's regional endpoint. Stateless.
 */
public final class DescribeEndpoints implements Operation<DescribeEndpointsRequest> {
    /** Source: API_DescribeEndpoints / API_Endpoint: DynamoDB answers with a 1440-minute cache period. */
    public static final long CACHE_PERIOD_IN_MINUTES = 1440;

    private final Tables tables;

    public DescribeEndpoints(Engine engine) { this.tables = engine.tables(); }

    @Override public String name() { return "DescribeEndpoints"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    /** The request has no members: anything sent is ignored. */
    @Override public DescribeEndpointsRequest decode(JsonObject request) { return DescribeEndpointsRequest.INSTANCE; }

    @Override public Object run(DescribeEndpointsRequest request) {
        String address = tables.endpointAddress();
        if (address == null) address = "dynamodb." + tables.region() + ".amazonaws.com";
        Map<String, Object> endpoint = new LinkedHashMap<>();
        endpoint.put("Address", address);
        endpoint.put("CachePeriodInMinutes", CACHE_PERIOD_IN_MINUTES);
        return Map.of("Endpoints", List.of(endpoint));
    }
}
