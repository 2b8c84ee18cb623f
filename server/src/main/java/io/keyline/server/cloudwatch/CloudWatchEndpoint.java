package io.keyline.server.cloudwatch;

import io.keyline.metrics.MetricsStore;
import java.util.Map;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CloudWatch's read API over one metrics store, on the DynamoDB endpoint's port: recognises a
 * CloudWatch request by its form ({@link CloudWatchProtocol#of}), decodes it, runs
 * GetMetricStatistics, GetMetricData or ListMetrics and answers in the request's protocol, errors
 * included. Other CloudWatch operations (PutMetricData, alarms, dashboards) are refused. Signatures
 * are not checked (as the DynamoDB side parses and does not verify them). Thread-safe: stateless
 * apart from the store, which is thread-safe; each call reads the store's clock.
 */
public final class CloudWatchEndpoint {
    private static final Logger LOG = LoggerFactory.getLogger(CloudWatchEndpoint.class);

    private final GetMetricStatistics getMetricStatistics;
    private final GetMetricData getMetricData;
    private final ListMetrics listMetrics;

    public CloudWatchEndpoint(MetricsStore store) {
        this.getMetricStatistics = new GetMetricStatistics(store);
        this.getMetricData = new GetMetricData(store);
        this.listMetrics = new ListMetrics(store);
    }

    /**
     * Whether a POST to {@code path} with these headers is a CloudWatch request.
     *
     * @param headers a header by name (case-insensitive), null if absent
     */
    public static boolean accepts(String path, Function<String, String> headers) {
        return CloudWatchProtocol.of(path, headers) != null;
    }

    /** Answers one request that {@link #accepts} took. Never throws. */
    public CloudWatchReply handle(String path, Function<String, String> headers, byte[] body, String requestId) {
        CloudWatchProtocol protocol = CloudWatchProtocol.of(path, headers);
        if (protocol == null) throw new IllegalArgumentException("not a CloudWatch request: " + path);
        String operation = null;
        try {
            CloudWatchProtocol.Request request = protocol.decode(path, headers, body);
            operation = request.operation();
            return protocol.result(operation, run(operation, Params.root(request.input())), requestId);
        } catch (CloudWatchError e) {
            return protocol.error(e, requestId);
        } catch (RuntimeException e) {
            LOG.error("CloudWatch request {} ({}) failed", requestId, operation, e);
            return protocol.error(CloudWatchError.internal(), requestId);
        }
    }

    private Map<String, Object> run(String operation, Params input) {
        return switch (operation) {
            case "GetMetricStatistics" -> getMetricStatistics.run(input);
            case "GetMetricData" -> getMetricData.run(input);
            case "ListMetrics" -> listMetrics.run(input);
            default -> throw CloudWatchError.unsupportedOperation(operation);
        };
    }
}
