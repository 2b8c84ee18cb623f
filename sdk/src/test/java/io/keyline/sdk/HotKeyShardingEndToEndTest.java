package io.keyline.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.config.Settings;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The seeds' hot key (docs/RULES.md#CAP-PARTITION-WRITE): a table provisioned with 16,000 WCU has
 * 17 partitions, but one partition key value lives on one of them and takes 1,000 write units a
 * second. 2,400 writes a second to one key are refused within seconds; the same writes spread
 * over 8 shards by WriteSharding (300 a second each, so even three shards on one partition stay
 * under its ceiling) are all accepted. The clock is virtual: each second's writes are sent, then
 * the clock moves one second; the client does not retry, so every refusal is counted.
 */
class HotKeyShardingEndToEndTest {
    private static final int WRITES_A_SECOND = 2_400;
    private static final int SECONDS = 8;

    private final ManualClock clock = new ManualClock();

    @RegisterExtension final KeylineExtension keyline = KeylineExtension.inMemory(Settings.defaults(), clock);

    @Test void eightShardsTakeWhatOneKeyCannot() {
        try (DynamoDbClient db = keyline.noRetryClient()) {
            int unsharded = refusedWrites(db, "unsharded", null);
            int sharded = refusedWrites(db, "sharded", WriteSharding.random(ShardedKey.of("pk", 8), 8));
            assertThat(unsharded).as("one hot key over its partition's 1,000 WCU is throttled").isGreaterThan(WRITES_A_SECOND);
            assertThat(sharded).as("eight shards of the same key are not").isZero();
        }
    }

    /** Sends SECONDS seconds of hot-key writes, 25 to a batch; returns how many were refused. */
    private int refusedWrites(DynamoDbClient db, String table, WriteSharding sharding) {
        db.createTable(b -> b.tableName(table)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(16_000L)));
        int refused = 0;
        int n = 0;
        for (int second = 0; second < SECONDS; second++) {
            for (int batch = 0; batch < WRITES_A_SECOND / 25; batch++) {
                List<WriteRequest> writes = new ArrayList<>(25);
                for (int i = 0; i < 25; i++, n++) {
                    Map<String, AttributeValue> item = Map.of("pk", AttributeValue.fromS("HOT"), "sk", AttributeValue.fromS("e" + n));
                    writes.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
                }
                BatchWriteItemRequest request = BatchWriteItemRequest.builder().requestItems(Map.of(table, writes)).build();
                if (sharding != null) request = sharding.batchWrite(request);
                try {
                    refused += db.batchWriteItem(request).unprocessedItems().getOrDefault(table, List.of()).size();
                } catch (ProvisionedThroughputExceededException e) {
                    refused += writes.size();
                }
            }
            clock.advance(Duration.ofSeconds(1));
        }
        return refused;
    }
}
