package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.keyline.engine.config.Settings;
import io.keyline.protocol.Json;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import io.keyline.time.ManualClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;

/**
 * DynamoDB's physics seen by an unmodified AWS SDK over HTTP (issue 5, "How it is checked"):
 * a provisioned table with 1 WCU takes about 300 one-KB writes in a burst (docs/RULES.md#CAP-BURST: 300 s of
 * banked capacity), then throttles with ProvisionedThroughputExceededException and reason
 * TableWriteProvisionedThroughputExceeded (docs/RULES.md#THROTTLE-REASONS), then takes about one write a second.
 */
class CapacityEndToEndTest {
    private final ManualClock clock = new ManualClock();

    @RegisterExtension final KeylineExtension keyline = KeylineExtension.inMemory(Settings.defaults(), clock);

    private DynamoDbClient client() { return keyline.noRetryClient(); }

    private static void createOneWcuTable(DynamoDbClient db) {
        db.createTable(b -> b.tableName("burst")
                .keySchema(KeySchemaElement.builder().attributeName("p").keyType(KeyType.HASH).build())
                .attributeDefinitions(AttributeDefinition.builder().attributeName("p").attributeType(ScalarAttributeType.S).build())
                .provisionedThroughput(ProvisionedThroughput.builder().readCapacityUnits(1L).writeCapacityUnits(1L).build()));
    }

    /** An item of exactly 1 KB by DynamoDB's sizing (docs/RULES.md#SIZE-ITEM): names plus values. */
    private static Map<String, AttributeValue> oneKbItem(int i) {
        String key = String.format("k%05d", i);
        int filler = 1024 - "p".length() - key.length() - "b".length();
        return Map.of("p", AttributeValue.fromS(key), "b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[filler])));
    }

    @Test void oneWcuTableBurstsThreeHundredWritesThenOneASecond() {
        try (DynamoDbClient db = client()) {
            createOneWcuTable(db);
            String arn = db.describeTable(b -> b.tableName("burst")).table().tableArn();
            int accepted = 0;
            ProvisionedThroughputExceededException throttled = null;
            while (throttled == null && accepted < 1000) {
                int i = accepted;
                try {
                    ConsumedCapacity cc = db.putItem(b -> b.tableName("burst").item(oneKbItem(i))
                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
                    assertThat(cc.capacityUnits()).isEqualTo(1.0);
                    accepted++;
                } catch (ProvisionedThroughputExceededException e) {
                    throttled = e;
                }
            }
            assertThat(accepted).isBetween(295, 305);
            assertThat(throttled.awsErrorDetails().errorMessage())
                    .isEqualTo("The level of configured provisioned throughput for the table was exceeded. "
                            + "Consider increasing your provisioning level with the UpdateTable API.");
            List<ThrottlingReason> reasons = throttled.throttlingReasons();
            assertThat(reasons).hasSize(1);
            assertThat(reasons.get(0).reason()).isEqualTo("TableWriteProvisionedThroughputExceeded");
            assertThat(reasons.get(0).resource()).isEqualTo(arn);

            // Afterwards: one write per second of clock, and not two.
            int perSecond = 0;
            for (int s = 0; s < 10; s++) {
                clock.advance(Duration.ofSeconds(1));
                for (int tries = 0; tries < 3; tries++) {
                    int i = 1000 + s * 10 + tries;
                    try {
                        db.putItem(b -> b.tableName("burst").item(oneKbItem(i)));
                        perSecond++;
                    } catch (ProvisionedThroughputExceededException e) {
                        break;
                    }
                }
            }
            assertThat(perSecond).isBetween(9, 11);
        }
    }

    @Test void describeTableShowsNoPartitionsButTheAdminEndpointDoes() {
        try (DynamoDbClient db = client()) {
            createOneWcuTable(db);
            db.putItem(b -> b.tableName("burst").item(oneKbItem(1)));
            String described = db.describeTable(b -> b.tableName("burst")).table().toString();
            assertThat(described).doesNotContainIgnoringCase("partition");
        }
        try (RawHttp http = keyline.raw()) {
            RawHttp.Response r = http.send("GET", AdminRoutes.PARTITIONS, Map.of(), new byte[0]);
            assertThat(r.status()).isEqualTo(200);
            @SuppressWarnings("unchecked")
            Map<String, Object> doc = (Map<String, Object>) Json.parse(r.body());
            assertThat(doc).containsEntry("mode", "enforce");
            @SuppressWarnings("unchecked")
            Map<String, Object> table = (Map<String, Object>) ((Map<String, Object>) ((List<Object>) doc.get("tables")).get(0)).get("table");
            assertThat(table).containsEntry("name", "burst");
            assertThat(((Number) table.get("partitionCount")).intValue()).isEqualTo(1);
            assertThat(((Number) table.get("consumedWrite")).doubleValue()).isEqualTo(1.0);
        }
    }
}
