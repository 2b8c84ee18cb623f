/**
 * The CloudWatch endpoint: {@code GetMetricStatistics}, {@code GetMetricData} and
 * {@code ListMetrics} of namespace {@code AWS/DynamoDB} over the metrics store
 * ({@link io.keyline.metrics.MetricsStore}), on the same port as the DynamoDB API, so that an SDK,
 * the AWS CLI or a dashboard pointed there with {@code --endpoint-url} reads DynamoDB's metrics
 * unchanged. CloudWatch's service model lists three protocols and each is served: Smithy RPC v2
 * CBOR (current SDKs and the CLI), AWS JSON 1.0 and the XML query protocol (older SDKs)
 * ({@link io.keyline.server.cloudwatch.CloudWatchProtocol}). A request is decoded to a neutral
 * tree ({@link io.keyline.server.cloudwatch.Params}), answered by one class per operation, and
 * the answer, a tree again, is written in the request's protocol. A request reads the metrics of
 * the region its SigV4 scope names. {@code DescribeInsightRules} and {@code GetInsightRuleReport}
 * answer for the Contributor Insights rules DynamoDB creates ({@link io.keyline.server.cloudwatch.InsightRules}).
 */
package io.keyline.server.cloudwatch;
