package io.keyline.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** How WriteSharding rewrites each request, and the suffix formats and the stable hash. */
class WriteShardingTest {
    private static final ShardedKey STATUS = ShardedKey.of("pendingStatus", 16);

    private static AttributeValue s(String value) { return AttributeValue.fromS(value); }

    @Test void suffixFormats() {
        assertThat(STATUS.physicalValue("PENDING", 7)).isEqualTo("PENDING#7");
        assertThat(STATUS.withFormat(SuffixFormat.zeroPadded()).physicalValues("PENDING"))
                .hasSize(16).startsWith("PENDING#00", "PENDING#01").endsWith("PENDING#15");
        assertThat(ShardedKey.of("day", 10).withFormat(SuffixFormat.pattern("%s.%d")).physicalValue("2026-08-03", 3)).isEqualTo("2026-08-03.3");
        assertThatThrownBy(() -> STATUS.physicalValue("PENDING", 16)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test void theCalculatedShardIsTheDocumentedMd5Hash() {
        // int.from_bytes(hashlib.md5(b"order-1042").digest()[:8], 'big') % 16, computed independently of ShardHash
        assertThat(ShardHash.shardOf(s("order-1042"), 16)).isEqualTo(ShardHash.shardOf("order-1042".getBytes(StandardCharsets.UTF_8), 16));
        assertThat(ShardHash.shardOf(s("order-1042"), 16)).isEqualTo(md5Mod("order-1042", 16));
        assertThat(ShardHash.shardOf(AttributeValue.fromN("1042"), 10)).isEqualTo(md5Mod("1042", 10));
        Set<Integer> used = new HashSet<>();
        for (int i = 0; i < 1000; i++) used.add(ShardHash.shardOf(s("order-" + i), 16));
        assertThat(used).hasSize(16);
    }

    private static int md5Mod(String text, int shards) {
        try {
            byte[] digest = java.security.MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
            return new java.math.BigInteger(1, java.util.Arrays.copyOf(digest, 8)).mod(java.math.BigInteger.valueOf(shards)).intValue();
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @Test void putShardsTheItemsAttributeAndLeavesItemsWithoutIt() {
        WriteSharding sharding = WriteSharding.calculated(STATUS, "orderId");
        PutItemRequest pending = PutItemRequest.builder().tableName("orders")
                .item(Map.of("orderId", s("order-1042"), "pendingStatus", s("PENDING"))).build();
        PutItemRequest shipped = PutItemRequest.builder().tableName("orders").item(Map.of("orderId", s("order-7"))).build();
        int shard = ShardHash.shardOf(s("order-1042"), 16);
        assertThat(sharding.put(pending).item()).containsEntry("pendingStatus", s("PENDING#" + shard)).containsEntry("orderId", s("order-1042"));
        assertThat(pending.item()).containsEntry("pendingStatus", s("PENDING"));
        assertThat(sharding.put(shipped)).isSameAs(shipped);
    }

    @Test void randomShardsAreUniformAndReproducibleFromTheSeed() {
        int[] counts = new int[16];
        WriteSharding a = WriteSharding.random(STATUS, 42);
        WriteSharding b = WriteSharding.random(STATUS, 42);
        Map<String, AttributeValue> item = Map.of("pendingStatus", s("PENDING"));
        for (int i = 0; i < 16_000; i++) {
            int shard = a.shardFor(item);
            assertThat(b.shardFor(item)).isEqualTo(shard);
            counts[shard]++;
        }
        for (int count : counts) assertThat(count).isBetween(850, 1150);
    }

    @Test void updateShardsTheKeyOrTheNamedPlaceholder() {
        WriteSharding byDay = WriteSharding.calculated(ShardedKey.of("day", 10), "eventId");
        UpdateItemRequest keyed = UpdateItemRequest.builder().tableName("events")
                .key(Map.of("day", s("2026-08-03"), "eventId", s("e1"))).updateExpression("SET n = :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("1"))).build();
        assertThat(byDay.update(keyed).key()).containsEntry("day", s("2026-08-03#" + ShardHash.shardOf(s("e1"), 10)));

        WriteSharding status = WriteSharding.calculated(STATUS, "orderId");
        UpdateItemRequest markPending = UpdateItemRequest.builder().tableName("orders").key(Map.of("orderId", s("order-1042")))
                .updateExpression("SET pendingStatus = :s").expressionAttributeValues(Map.of(":s", s("PENDING"))).build();
        assertThat(status.update(markPending, ":s").expressionAttributeValues())
                .containsEntry(":s", s("PENDING#" + ShardHash.shardOf(s("order-1042"), 16)));
        assertThatThrownBy(() -> status.update(markPending)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("placeholder");
        assertThatThrownBy(() -> status.update(markPending, ":x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test void getAndDeleteNeedACalculatedShard() {
        Map<String, AttributeValue> key = Map.of("day", s("2026-08-03"), "eventId", s("e1"));
        ShardedKey day = ShardedKey.of("day", 10);
        GetItemRequest get = GetItemRequest.builder().tableName("events").key(key).build();
        DeleteItemRequest delete = DeleteItemRequest.builder().tableName("events").key(key).build();
        WriteSharding calculated = WriteSharding.calculated(day, "eventId");
        assertThat(calculated.get(get).key().get("day").s()).startsWith("2026-08-03#");
        assertThat(calculated.delete(delete).key()).isEqualTo(calculated.get(get).key());

        WriteSharding random = WriteSharding.random(day, 1);
        assertThatThrownBy(() -> random.get(get)).isInstanceOf(IllegalStateException.class).hasMessageContaining("shard is unknown");
        assertThatThrownBy(() -> random.delete(delete)).isInstanceOf(IllegalStateException.class);
        DeleteItemRequest gsiKeyed = DeleteItemRequest.builder().tableName("orders").key(Map.of("orderId", s("o1"))).build();
        assertThat(WriteSharding.random(STATUS, 1).delete(gsiKeyed)).isSameAs(gsiKeyed);
        assertThatThrownBy(() -> WriteSharding.calculated(day, "missing").get(get))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("missing");
    }

    @Test void batchWriteShardsPutsAndDeletesOfTheNamedTableOnly() {
        ShardedKey day = ShardedKey.of("day", 10);
        WriteSharding sharding = WriteSharding.calculated(day, "eventId");
        WriteRequest put = WriteRequest.builder().putRequest(PutRequest.builder().item(Map.of("day", s("d"), "eventId", s("e1"))).build()).build();
        WriteRequest delete = WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(Map.of("day", s("d"), "eventId", s("e2"))).build()).build();
        BatchWriteItemRequest batch = BatchWriteItemRequest.builder()
                .requestItems(Map.of("events", List.of(put, delete), "other", List.of(put))).build();
        BatchWriteItemRequest sharded = sharding.batchWrite(batch, "events");
        assertThat(sharded.requestItems().get("events").get(0).putRequest().item().get("day"))
                .isEqualTo(s(day.physicalValue("d", ShardHash.shardOf(s("e1"), 10))));
        assertThat(sharded.requestItems().get("events").get(1).deleteRequest().key().get("day"))
                .isEqualTo(s(day.physicalValue("d", ShardHash.shardOf(s("e2"), 10))));
        assertThat(sharded.requestItems().get("other")).containsExactly(put);
        assertThatThrownBy(() -> sharding.batchWrite(batch)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 tables");
    }

    @Test void aShardedAttributeMustBeAString() {
        WriteSharding sharding = WriteSharding.random(ShardedKey.of("n", 4), 1);
        PutItemRequest put = PutItemRequest.builder().tableName("t").item(Map.of("n", AttributeValue.fromN("1"))).build();
        assertThatThrownBy(() -> sharding.put(put)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("string (S)");
    }

    @Test void cursorTokensCarryEveryAttributeType() {
        Map<String, AttributeValue> item = Map.of(
                "s", s("é\uD83D\uDE00"), "n", AttributeValue.fromN("-1.5e3"), "b", AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromUtf8String("x")),
                "bool", AttributeValue.fromBool(true), "nul", AttributeValue.fromNul(true), "ss", AttributeValue.fromSs(List.of("a", "b")),
                "ns", AttributeValue.fromNs(List.of("1", "2")), "l", AttributeValue.fromL(List.of(s("x"), AttributeValue.fromN("2"))),
                "m", AttributeValue.fromM(Map.of("k", s("v"))),
                "bs", AttributeValue.fromBs(List.of(software.amazon.awssdk.core.SdkBytes.fromUtf8String("y"))));
        ShardCursor cursor = new ShardCursor(7, List.of(new ShardCursor.Shard(false, Map.of("k", s("v")), List.of(item)),
                new ShardCursor.Shard(true, null, List.of())));
        ShardCursor back = ShardCursor.parse(cursor.token());
        assertThat(back.fingerprint()).isEqualTo(7);
        assertThat(back.shards()).isEqualTo(cursor.shards());
        assertThat(back.carriedItems()).isEqualTo(1);
    }
}
