package io.keyline.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.server.testing.KeylineExtension;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Calculated sharding against a Keyline server: what PutItem wrote under a shard, GetItem,
 * UpdateItem and DeleteItem find again by computing the same shard; and an UpdateItem that sets a
 * sharded GSI key through a placeholder puts the item under the shard of its order id.
 */
class WriteShardingEndToEndTest {
    @RegisterExtension static final KeylineExtension keyline = KeylineExtension.inMemory();

    private static AttributeValue s(String value) { return AttributeValue.fromS(value); }

    @Test void calculatedShardsAddressEachItemAgain() {
        DynamoDbClient db = keyline.client();
        db.createTable(b -> b.tableName("events").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("day").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("eventId").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("day").keyType(KeyType.HASH), k -> k.attributeName("eventId").keyType(KeyType.RANGE)));
        WriteSharding sharding = WriteSharding.calculated(ShardedKey.of("day", 10).withFormat(SuffixFormat.zeroPadded()), "eventId");
        Set<String> physicalDays = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            PutItemRequest put = sharding.put(PutItemRequest.builder().tableName("events")
                    .item(Map.of("day", s("2026-08-03"), "eventId", s("e" + i), "reading", AttributeValue.fromN(Integer.toString(i)))).build());
            physicalDays.add(put.item().get("day").s());
            db.putItem(put);
        }
        assertThat(physicalDays).hasSize(10).allMatch(day -> day.matches("2026-08-03#[0-9]"));

        for (int i = 0; i < 50; i++) {
            Map<String, AttributeValue> key = Map.of("day", s("2026-08-03"), "eventId", s("e" + i));
            Map<String, AttributeValue> item = db.getItem(sharding.get(GetItemRequest.builder().tableName("events").key(key).build())).item();
            assertThat(item.get("reading").n()).isEqualTo(Integer.toString(i));
        }
        Map<String, AttributeValue> e7 = Map.of("day", s("2026-08-03"), "eventId", s("e7"));
        db.updateItem(sharding.update(UpdateItemRequest.builder().tableName("events").key(e7).updateExpression("SET seen = :t")
                .expressionAttributeValues(Map.of(":t", AttributeValue.fromBool(true))).build()));
        assertThat(db.getItem(sharding.get(GetItemRequest.builder().tableName("events").key(e7).build())).item())
                .containsEntry("seen", AttributeValue.fromBool(true));
        db.deleteItem(sharding.delete(DeleteItemRequest.builder().tableName("events").key(e7).build()));
        assertThat(db.getItem(sharding.get(GetItemRequest.builder().tableName("events").key(e7).build())).hasItem()).isFalse();
    }

    @Test void anUpdateThatSetsAShardedIndexKeyPutsTheItemUnderItsCalculatedShard() {
        DynamoDbClient db = keyline.client();
        Orders.create(db, "orders");
        ShardedKey key = ShardedKey.of("statusShard", 16);
        WriteSharding sharding = WriteSharding.calculated(key, "orderId");
        db.putItem(b -> b.tableName("orders").item(Map.of("orderId", s("order-1042"), "placedAt", s("2026-07-25T16:12"))));
        db.updateItem(sharding.update(UpdateItemRequest.builder().tableName("orders").key(Map.of("orderId", s("order-1042")))
                .updateExpression("SET statusShard = :s").expressionAttributeValues(Map.of(":s", s("PENDING"))).build(), ":s"));

        String shard = key.physicalValue("PENDING", ShardHash.shardOf(s("order-1042"), 16));
        List<Map<String, AttributeValue>> found = db.query(QueryRequest.builder().tableName("orders").indexName(Orders.BY_STATUS_SHARD)
                .keyConditionExpression("statusShard = :s").expressionAttributeValues(Map.of(":s", s(shard))).build()).items();
        assertThat(found).extracting(item -> item.get("orderId").s()).containsExactly("order-1042");
    }
}
