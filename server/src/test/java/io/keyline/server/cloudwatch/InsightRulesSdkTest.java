package io.keyline.server.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keyline.engine.config.Settings;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import io.keyline.time.ManualClock;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.w3c.dom.Document;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.GetInsightRuleReportResponse;
import software.amazon.awssdk.services.cloudwatch.model.InsightRule;
import software.amazon.awssdk.services.cloudwatch.model.InsightRuleContributor;
import software.amazon.awssdk.services.cloudwatch.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Contributor Insights where DynamoDB puts it, CloudWatch, read with the AWS SDK for Java v2
 * CloudWatch client (Smithy RPC v2 CBOR), then in AWS JSON 1.0 and the query protocol:
 * DescribeInsightRules lists the rules DescribeContributorInsights names, and GetInsightRuleReport
 * gives the hot key first, with the units the PutItems consumed, per minute, on the manual clock.
 */
class InsightRulesSdkTest {
    static final ManualClock clock = new ManualClock(Instant.parse("2026-01-01T00:00:00Z"));
    @RegisterExtension static final KeylineExtension keyline = KeylineExtension.inMemory(Settings.defaults(), clock);
    static CloudWatchClient cloudWatch;
    static List<String> ruleNames;
    /** Units the hot key's PutItems consumed in minute 1 and in minute 2, and every key's in both. */
    static double hotFirst;
    static double hotSecond;
    static double total;

    @BeforeAll static void workload() {
        cloudWatch = CloudWatchClient.builder().endpointOverride(keyline.endpoint()).region(KeylineExtension.REGION)
                .credentialsProvider(KeylineExtension.credentials()).httpClient(UrlConnectionHttpClient.create()).build();
        DynamoDbClient ddb = keyline.client();
        ddb.createTable(b -> b.tableName("Music").billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(a -> a.attributeName("artist").attributeType("S"), a -> a.attributeName("song").attributeType("S"))
                .keySchema(k -> k.attributeName("artist").keyType("HASH"), k -> k.attributeName("song").keyType("RANGE")));
        ddb.updateContributorInsights(b -> b.tableName("Music").contributorInsightsAction("ENABLE"));
        ruleNames = ddb.describeContributorInsights(b -> b.tableName("Music")).contributorInsightsRuleList();
        clock.advance(Duration.ofSeconds(5));
        for (int i = 0; i < 6; i++) hotFirst += put(ddb, "hot", "s" + i, 1_500);
        for (int i = 0; i < 3; i++) total += put(ddb, "cold" + i, "s", 10);
        clock.advance(Duration.ofSeconds(60));
        for (int i = 0; i < 2; i++) hotSecond += put(ddb, "hot", "t" + i, 10);
        total += hotFirst + hotSecond;
        clock.advance(Duration.ofSeconds(60));
    }

    @AfterAll static void close() { cloudWatch.close(); }

    private static double put(DynamoDbClient ddb, String artist, String song, int padding) {
        return ddb.putItem(b -> b.tableName("Music").returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .item(Map.of("artist", AttributeValue.fromS(artist), "song", AttributeValue.fromS(song),
                        "pad", AttributeValue.fromS("x".repeat(padding))))).consumedCapacity().capacityUnits();
    }

    private static String rule(String kind) {
        return ruleNames.stream().filter(n -> n.startsWith("DynamoDBContributorInsights-" + kind + "-")).findFirst().orElseThrow();
    }

    @Test void describeInsightRulesListsTheRulesDynamoDbCreated() {
        List<InsightRule> rules = cloudWatch.describeInsightRules(b -> { }).insightRules();
        assertThat(rules).extracting(InsightRule::name).containsExactlyElementsOf(ruleNames).hasSize(4);
        assertThat(rules).allSatisfy(r -> {
            assertThat(r.state()).isEqualTo("ENABLED");
            assertThat(r.schema()).isEqualTo("CloudWatchLogRule/1");
            assertThat(r.managedRule()).isTrue();
        });
        var page = cloudWatch.describeInsightRules(b -> b.maxResults(3));
        assertThat(page.insightRules()).hasSize(3);
        assertThat(cloudWatch.describeInsightRules(b -> b.nextToken(page.nextToken())).insightRules()).hasSize(1);
        try (CloudWatchClient eu = CloudWatchClient.builder().endpointOverride(keyline.endpoint()).region(Region.EU_WEST_1)
                .credentialsProvider(KeylineExtension.credentials()).httpClient(UrlConnectionHttpClient.create()).build()) {
            assertThat(eu.describeInsightRules(b -> { }).insightRules()).as("another region's rules").isEmpty();
        }
    }

    @Test void theReportNamesTheHotKeyFirstWithItsUnitsPerMinute() {
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        GetInsightRuleReportResponse r = cloudWatch.getInsightRuleReport(b -> b.ruleName(rule("PKC"))
                .startTime(start).endTime(start.plusSeconds(300)).period(60).maxContributorCount(2)
                .metrics("UniqueContributors", "MaxContributorValue", "Sum"));
        assertThat(r.keyLabels()).containsExactly("artist");
        assertThat(r.aggregationStatistic()).isEqualTo("Sum");
        assertThat(r.aggregateValue()).isEqualTo(total);
        assertThat(r.approximateUniqueCount()).isEqualTo(4);
        assertThat(r.contributors()).hasSize(2);
        InsightRuleContributor hot = r.contributors().get(0);
        assertThat(hot.keys()).containsExactly("hot");
        assertThat(hot.approximateAggregateValue()).isEqualTo(hotFirst + hotSecond).isEqualTo(6 * 2 + 2);
        assertThat(hot.datapoints()).extracting(d -> d.timestamp(), d -> d.approximateValue()).containsExactly(
                org.assertj.core.groups.Tuple.tuple(start, hotFirst), org.assertj.core.groups.Tuple.tuple(start.plusSeconds(60), hotSecond));
        assertThat(r.metricDatapoints()).hasSize(2);
        assertThat(r.metricDatapoints().get(0).uniqueContributors()).isEqualTo(4.0);
        assertThat(r.metricDatapoints().get(0).maxContributorValue()).isEqualTo(hotFirst);
        assertThat(r.metricDatapoints().get(0).sum()).isEqualTo(hotFirst + 3);

        GetInsightRuleReportResponse sk = cloudWatch.getInsightRuleReport(b -> b.ruleName(rule("SKC"))
                .startTime(start).endTime(start.plusSeconds(300)).period(300));
        assertThat(sk.keyLabels()).containsExactly("artist", "song");
        assertThat(sk.contributors().get(0).keys()).containsExactly("hot", "s0");
        assertThat(sk.contributors().get(0).datapoints()).singleElement().satisfies(d -> assertThat(d.approximateValue()).isEqualTo(2));
    }

    @Test void anUnknownRuleIsNotFound() {
        assertThatThrownBy(() -> cloudWatch.getInsightRuleReport(b -> b.ruleName("DynamoDBContributorInsights-PKC-Nothing-1")
                .startTime(Instant.EPOCH).endTime(Instant.EPOCH.plusSeconds(60)).period(60)))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    @Test void theJsonAndQueryProtocolsAnswerToo() throws Exception {
        ObjectMapper json = new ObjectMapper();
        try (RawHttp http = RawHttp.connect(keyline.endpoint())) {
            RawHttp.Response r = http.send("POST", "/", Map.of("X-Amz-Target", "GraniteServiceVersion20100801.GetInsightRuleReport",
                    "Content-Type", "application/x-amz-json-1.0"), ("{\"RuleName\":\"" + rule("PKC") + "\",\"StartTime\":1767225600,"
                    + "\"EndTime\":1767225900,\"Period\":300}").getBytes(StandardCharsets.UTF_8));
            assertThat(r.status()).isEqualTo(200);
            JsonNode contributor = json.readTree(r.body()).get("Contributors").get(0);
            assertThat(contributor.get("Keys").get(0).asText()).isEqualTo("hot");
            assertThat(contributor.get("ApproximateAggregateValue").asDouble()).isEqualTo(hotFirst + hotSecond);

            RawHttp.Response x = http.send("POST", "/", Map.of("Content-Type", "application/x-www-form-urlencoded"),
                    "Action=DescribeInsightRules&Version=2010-08-01".getBytes(StandardCharsets.UTF_8));
            assertThat(x.status()).isEqualTo(200);
            Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(x.body()));
            assertThat(XPathFactory.newInstance().newXPath().evaluate(
                    "/DescribeInsightRulesResponse/DescribeInsightRulesResult/InsightRules/member[1]/Name", d)).isEqualTo(ruleNames.get(0));
        }
    }
}
