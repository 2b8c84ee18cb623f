package io.keyline.server.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.cbor.CBORParser;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import io.keyline.engine.config.Settings;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import io.keyline.time.ManualClock;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Each protocol of CloudWatch's service model with a raw request, read with a parser of its own
 * (Jackson's CBOR and JSON mappers, the JDK's DOM): Smithy RPC v2 CBOR, AWS JSON 1.0 and the query
 * protocol's form and XML, answers and errors alike.
 */
class CloudWatchProtocolsTest {
    static final ManualClock clock = new ManualClock(Instant.parse("2026-01-01T00:00:00Z"));
    @RegisterExtension static final KeylineExtension keyline = KeylineExtension.inMemory(Settings.defaults(), clock);
    static final ObjectMapper CBOR = new CBORMapper();
    static final ObjectMapper JSON = new ObjectMapper();
    /** 2026-01-01T00:00:00Z and five minutes later, in epoch seconds. */
    static final long START = 1_767_225_600L;
    static final long END = START + 300;

    @BeforeAll static void workload() {
        DynamoDbClient ddb = keyline.client();
        ddb.createTable(b -> b.tableName("Events").billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(a -> a.attributeName("id").attributeType("S"))
                .keySchema(k -> k.attributeName("id").keyType("HASH")));
        clock.advance(Duration.ofSeconds(30));
        for (int i = 0; i < 4; i++) {
            String id = "e" + i;
            ddb.putItem(b -> b.tableName("Events").item(Map.of("id", AttributeValue.fromS(id))));
        }
        clock.advance(Duration.ofSeconds(60));
    }

    private static ObjectNode statisticsRequest(ObjectMapper mapper) {
        ObjectNode in = mapper.createObjectNode();
        in.put("Namespace", "AWS/DynamoDB").put("MetricName", "ConsumedWriteCapacityUnits")
                .put("StartTime", START).put("EndTime", END).put("Period", 60);
        in.putArray("Dimensions").addObject().put("Name", "TableName").put("Value", "Events");
        in.putArray("Statistics").add("Sum").add("Average");
        return in;
    }

    @Test void smithyRpcV2Cbor() throws Exception {
        try (RawHttp http = RawHttp.connect(keyline.endpoint())) {
            RawHttp.Response r = http.send("POST", "/service/GraniteServiceVersion20100801/operation/GetMetricStatistics",
                    Map.of("smithy-protocol", "rpc-v2-cbor", "Content-Type", "application/cbor", "Accept", "application/cbor"),
                    CBOR.writeValueAsBytes(statisticsRequest(CBOR)));
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("Content-Type")).isEqualTo("application/cbor");
            assertThat(r.header("smithy-protocol")).isEqualTo("rpc-v2-cbor");
            JsonNode out = CBOR.readTree(r.body());
            JsonNode point = out.get("Datapoints").get(0);
            assertThat(out.get("Datapoints")).hasSize(1);
            assertThat(point.get("Sum").asDouble()).isEqualTo(4.0);
            assertThat(point.get("Average").asDouble()).isEqualTo(1.0);
            assertThat(point.get("Timestamp").asDouble()).isEqualTo(START);
            assertThat(point.get("Unit").asText()).isEqualTo("Count");
            assertThat(timestampTag(r.body())).as("RPC v2 CBOR timestamps carry tag 1").isEqualTo(1);

            ObjectNode bad = statisticsRequest(CBOR);
            bad.remove("Statistics");
            RawHttp.Response e = http.send("POST", "/service/GraniteServiceVersion20100801/operation/GetMetricStatistics",
                    Map.of("smithy-protocol", "rpc-v2-cbor", "Content-Type", "application/cbor"), CBOR.writeValueAsBytes(bad));
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.header("x-amzn-query-error")).isEqualTo("InvalidParameterCombination;Sender");
            JsonNode error = CBOR.readTree(e.body());
            assertThat(error.get("__type").asText()).isEqualTo("com.amazonaws.cloudwatch#InvalidParameterCombinationException");
            assertThat(error.get("message").asText()).isEqualTo("At least one of the parameters Statistics and ExtendedStatistics must be specified.");
        }
    }

    /** The tag on the first datapoint's Timestamp value in a GetMetricStatistics reply. */
    private static int timestampTag(byte[] body) throws Exception {
        try (CBORParser p = new CBORFactory().createParser(body)) {
            while (p.nextToken() != null) {
                if ("Timestamp".equals(p.currentName()) && p.currentToken().isNumeric()) return p.getCurrentTag();
            }
        }
        return -1;
    }

    @Test void awsJson10() throws Exception {
        try (RawHttp http = RawHttp.connect(keyline.endpoint())) {
            RawHttp.Response r = http.send("POST", "/", Map.of("X-Amz-Target", "GraniteServiceVersion20100801.GetMetricStatistics",
                    "Content-Type", "application/x-amz-json-1.0"), JSON.writeValueAsBytes(statisticsRequest(JSON)));
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("Content-Type")).isEqualTo("application/x-amz-json-1.0");
            JsonNode point = JSON.readTree(r.body()).get("Datapoints").get(0);
            assertThat(point.get("Sum").asDouble()).isEqualTo(4.0);
            assertThat(point.get("Timestamp").asDouble()).isEqualTo(START);

            RawHttp.Response list = http.send("POST", "/", Map.of("X-Amz-Target", "GraniteServiceVersion20100801.ListMetrics",
                    "Content-Type", "application/x-amz-json-1.0"), "{\"MetricName\":\"ConsumedWriteCapacityUnits\"}".getBytes(StandardCharsets.UTF_8));
            assertThat(JSON.readTree(list.body()).get("Metrics")).singleElement().satisfies(m ->
                    assertThat(m.toString()).isEqualTo("{\"Namespace\":\"AWS/DynamoDB\",\"MetricName\":\"ConsumedWriteCapacityUnits\","
                            + "\"Dimensions\":[{\"Name\":\"TableName\",\"Value\":\"Events\"}]}"));

            RawHttp.Response missing = http.send("POST", "/", Map.of("X-Amz-Target", "GraniteServiceVersion20100801.GetMetricStatistics",
                    "Content-Type", "application/x-amz-json-1.0"), "{\"Namespace\":\"AWS/DynamoDB\"}".getBytes(StandardCharsets.UTF_8));
            assertThat(missing.status()).isEqualTo(400);
            assertThat(missing.header("x-amzn-query-error")).isEqualTo("MissingParameter;Sender");
            assertThat(JSON.readTree(missing.body()).get("message").asText()).isEqualTo("The parameter MetricName is required.");

            RawHttp.Response put = http.send("POST", "/", Map.of("X-Amz-Target", "GraniteServiceVersion20100801.PutMetricData",
                    "Content-Type", "application/x-amz-json-1.0"), "{}".getBytes(StandardCharsets.UTF_8));
            assertThat(put.status()).isEqualTo(400);
            assertThat(put.header("x-amzn-query-error")).isEqualTo("InvalidAction;Sender");
        }
    }

    @Test void queryProtocolAnswersInXml() throws Exception {
        String form = "Action=GetMetricStatistics&Version=2010-08-01&Namespace=AWS%2FDynamoDB"
                + "&MetricName=ConsumedWriteCapacityUnits&Dimensions.member.1.Name=TableName&Dimensions.member.1.Value=Events"
                + "&StartTime=2026-01-01T00%3A00%3A00Z&EndTime=2026-01-01T00%3A05%3A00Z&Period=60"
                + "&Statistics.member.1=Sum&Statistics.member.2=SampleCount";
        try (RawHttp http = RawHttp.connect(keyline.endpoint())) {
            RawHttp.Response r = http.send("POST", "/", Map.of("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"),
                    form.getBytes(StandardCharsets.UTF_8));
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("Content-Type")).isEqualTo("text/xml");
            Document xml = xml(r.body());
            assertThat(xml.getDocumentElement().getAttribute("xmlns")).isEqualTo("http://monitoring.amazonaws.com/doc/2010-08-01/");
            assertThat(text(xml, "/GetMetricStatisticsResponse/GetMetricStatisticsResult/Label")).isEqualTo("ConsumedWriteCapacityUnits");
            String point = "/GetMetricStatisticsResponse/GetMetricStatisticsResult/Datapoints/member/";
            assertThat(text(xml, point + "Timestamp")).isEqualTo("2026-01-01T00:00:00Z");
            assertThat(Double.parseDouble(text(xml, point + "Sum"))).isEqualTo(4.0);
            assertThat(Double.parseDouble(text(xml, point + "SampleCount"))).isEqualTo(4.0);
            assertThat(text(xml, "/GetMetricStatisticsResponse/ResponseMetadata/RequestId")).isEqualTo(r.header("x-amzn-RequestId"));

            RawHttp.Response e = http.send("POST", "/", Map.of("Content-Type", "application/x-www-form-urlencoded"),
                    form.replace("Statistics.member.2=SampleCount", "Statistics.member.2=Median").getBytes(StandardCharsets.UTF_8));
            assertThat(e.status()).isEqualTo(400);
            Document error = xml(e.body());
            assertThat(text(error, "/ErrorResponse/Error/Type")).isEqualTo("Sender");
            assertThat(text(error, "/ErrorResponse/Error/Code")).isEqualTo("InvalidParameterValue");
            assertThat(text(error, "/ErrorResponse/Error/Message"))
                    .isEqualTo("The parameter Statistics.member.2 must be a value in the set [ Minimum, Maximum, Average, SampleCount, Sum ].");

            RawHttp.Response list = http.send("POST", "/", Map.of("Content-Type", "application/x-www-form-urlencoded"),
                    ("Action=ListMetrics&Version=2010-08-01&Dimensions.member.1.Name=TableName&Dimensions.member.1.Value=Events"
                            + "&MetricName=ConsumedWriteCapacityUnits").getBytes(StandardCharsets.UTF_8));
            Document metrics = xml(list.body());
            NodeList members = (NodeList) XPathFactory.newInstance().newXPath()
                    .evaluate("/ListMetricsResponse/ListMetricsResult/Metrics/member", metrics, XPathConstants.NODESET);
            assertThat(members.getLength()).isEqualTo(1);
            assertThat(text(metrics, "/ListMetricsResponse/ListMetricsResult/Metrics/member/Dimensions/member/Value")).isEqualTo("Events");
        }
    }

    @Test void dynamoDbRequestsAreNotCloudWatchRequests() {
        // They go on to the DynamoDB processor, as CloudWatch requests do when the server keeps no metrics.
        assertThat(CloudWatchEndpoint.accepts("/", h -> h.equals("X-Amz-Target") ? "DynamoDB_20120810.PutItem" : null)).isFalse();
        assertThat(CloudWatchEndpoint.accepts("/", h -> h.equals("Content-Type") ? "application/x-amz-json-1.0" : null)).isFalse();
    }

    private static Document xml(byte[] body) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(body));
    }

    private static String text(Document d, String path) throws Exception {
        return XPathFactory.newInstance().newXPath().evaluate(path, d);
    }
}
