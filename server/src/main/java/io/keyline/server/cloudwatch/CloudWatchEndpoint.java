package io.keyline.server.cloudwatch;

import io.keyline.engine.Engine;
import io.keyline.metadata.Namespace;
import io.keyline.metrics.MetricsStore;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CloudWatch's read API over one metrics store, on the DynamoDB endpoint's port: recognises a
 * CloudWatch request by its form ({@link CloudWatchProtocol#of}), decodes it, runs
 * GetMetricStatistics, GetMetricData or ListMetrics (the metrics), DescribeInsightRules or
 * GetInsightRuleReport (the rules of Contributor Insights, as DynamoDB creates them) and answers in the request's protocol, errors
 * included. Other CloudWatch operations (PutMetricData, alarms, dashboards) are refused. Signatures
 * are not checked (as the DynamoDB side parses and does not verify them), but their credential
 * scope says the region: a request sees the metrics of that region's tables, as CloudWatch's
 * regional endpoints do (an unsigned request or one without a region: the default region's).
 * Thread-safe: stateless
 * apart from the store, which is thread-safe; each call reads the store's clock.
 */
public final class CloudWatchEndpoint {
    private static final Logger LOG = LoggerFactory.getLogger(CloudWatchEndpoint.class);
    /** The region part of a SigV4 credential, as the server admits region names. */
    private static final Pattern CREDENTIAL_REGION = Pattern.compile("Credential=[^/,\\s]+/[^/,\\s]+/([A-Za-z0-9._-]{1,64})/");

    private final GetMetricStatistics getMetricStatistics;
    private final GetMetricData getMetricData;
    private final ListMetrics listMetrics;
    private final Function<String, Namespace> regions;
    private final Engine engine;
    private final DescribeInsightRules describeInsightRules;
    private final GetInsightRuleReport getInsightRuleReport;

    /**
     * @param regions the namespace whose tables a request signed for a region (null: none) sees
     * @param engine  whose Contributor Insights rules DescribeInsightRules and GetInsightRuleReport
     *                answer (its view of the request's region)
     */
    public CloudWatchEndpoint(MetricsStore store, Function<String, Namespace> regions, Engine engine) {
        this.regions = regions;
        this.engine = engine;
        this.describeInsightRules = new DescribeInsightRules(store.clock());
        this.getInsightRuleReport = new GetInsightRuleReport(store.clock());
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
        return handle(path, headers, body, requestId, null);
    }

    /**
     * The same for a request whose signature was verified as {@code account}'s (null: not
     * verified, the server's own account): it sees that account's metrics and rules only
     * (docs/RULES.md#AUTH-ACCOUNTS).
     */
    public CloudWatchReply handle(String path, Function<String, String> headers, byte[] body, String requestId, String account) {
        CloudWatchProtocol protocol = CloudWatchProtocol.of(path, headers);
        if (protocol == null) throw new IllegalArgumentException("not a CloudWatch request: " + path);
        String operation = null;
        try {
            CloudWatchProtocol.Request request = protocol.decode(path, headers, body);
            operation = request.operation();
            String region = region(headers);
            return protocol.result(operation, run(operation, account, region, Params.root(request.input())), requestId);
        } catch (CloudWatchError e) {
            return protocol.error(e, requestId);
        } catch (RuntimeException e) {
            LOG.error("CloudWatch request {} ({}) failed", requestId, operation, e);
            return protocol.error(CloudWatchError.internal(), requestId);
        }
    }

    /** The namespace a request of {@code account} (null: the server's) signed for {@code region} sees. */
    private Namespace namespace(String account, String region) {
        return account == null ? regions.apply(region) : engine.inNamespace(account, region).namespace();
    }

    /**
     * The region of the request's SigV4 credential scope ({@code Credential=KEY/DATE/REGION/monitoring/aws4_request}
     * in its Authorization header), or null if it has none. Only the scope is read: DynamoDB's
     * signature checks ({@code sigv4}) expect the dynamodb service, and CloudWatch checks nothing here.
     */
    static String region(Function<String, String> headers) {
        String authorization = headers.apply("Authorization");
        if (authorization == null) return null;
        Matcher m = CREDENTIAL_REGION.matcher(authorization);
        return m.find() ? m.group(1) : null;
    }

    private Map<String, Object> run(String operation, String account, String region, Params input) {
        return switch (operation) {
            case "GetMetricStatistics" -> getMetricStatistics.run(namespace(account, region), input);
            case "GetMetricData" -> getMetricData.run(namespace(account, region), input);
            case "ListMetrics" -> listMetrics.run(namespace(account, region), input);
            case "DescribeInsightRules" -> describeInsightRules.run(engine.inNamespace(account, region), input);
            case "GetInsightRuleReport" -> getInsightRuleReport.run(engine.inNamespace(account, region), input);
            default -> throw CloudWatchError.unsupportedOperation(operation);
        };
    }
}
