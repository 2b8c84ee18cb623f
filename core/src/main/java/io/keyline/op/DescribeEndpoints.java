package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DescribeEndpoints: the one endpoint clients doing endpoint discovery should use. That is the
 * server's own address when the server configured one ({@code Settings.endpointAddress}), else
 * DynamoDB's regional endpoint. Stateless.
 */
public final class DescribeEndpoints implements Operation<JsonObject> {
    /** Source: API_DescribeEndpoints / API_Endpoint: DynamoDB answers with a 1440-minute cache period. */
    public static final long CACHE_PERIOD_IN_MINUTES = 1440;

    private final Engine engine;

    public DescribeEndpoints(Engine engine) { this.engine = engine; }

    @Override public String name() { return "DescribeEndpoints"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    /** Not yet decoded into a record: the handler reads the wire object itself. */
    @Override public JsonObject decode(JsonObject request) { return request; }

    @Override public Object run(JsonObject request) {
        String address = engine.settings().endpointAddress();
        if (address == null) address = "dynamodb." + engine.settings().region() + ".amazonaws.com";
        Map<String, Object> endpoint = new LinkedHashMap<>();
        endpoint.put("Address", address);
        endpoint.put("CachePeriodInMinutes", CACHE_PERIOD_IN_MINUTES);
        return Map.of("Endpoints", List.of(endpoint));
    }
}
