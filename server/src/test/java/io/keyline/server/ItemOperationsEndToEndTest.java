package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.server.testing.KeylineExtension;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** GetItem, PutItem, UpdateItem and DeleteItem through the AWS SDK for Java v2, sync and async. */
class ItemOperationsEndToEndTest {
    @RegisterExtension static KeylineExtension keyline = KeylineExtension.inMemory();
    static final String TABLE = "items_e2e";

    @BeforeAll static void createTable() {
        keyline.client().createTable(b -> b.tableName(TABLE)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build())
                .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName("sk").attributeType(ScalarAttributeType.N).build()));
    }

    static AttributeValue s(String v) { return AttributeValue.fromS(v); }

    static AttributeValue n(String v) { return AttributeValue.fromN(v); }

    static Map<String, AttributeValue> key(String pk, String sk) { return Map.of("pk", s(pk), "sk", n(sk)); }

    @Test void everyTypeRoundTrips() {
        DynamoDbClient c = keyline.client();
        Map<String, AttributeValue> item = Map.of(
                "pk", s("types"), "sk", n("1"),
                "b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, (byte) 255})),
                "bool", AttributeValue.fromBool(true),
                "nul", AttributeValue.fromNul(true),
                "l", AttributeValue.fromL(List.of(s("x"), n("2.50"))),
                "m", AttributeValue.fromM(Map.of("inner", s("y"))),
                "ss", AttributeValue.fromSs(List.of("a", "b")),
                "ns", AttributeValue.fromNs(List.of("1", "2e3")),
                "bs", AttributeValue.fromBs(List.of(SdkBytes.fromUtf8String("q"))));
        c.putItem(b -> b.tableName(TABLE).item(item));
        Map<String, AttributeValue> back = c.getItem(b -> b.tableName(TABLE).key(key("types", "1")).consistentRead(true)).item();
        assertThat(back).containsOnlyKeys(item.keySet());
        assertThat(back.get("l").l().get(1).n()).isEqualTo("2.5");
        assertThat(back.get("ns").ns()).containsExactlyInAnyOrder("1", "2000");
        assertThat(back.get("b").b().asByteArray()).containsExactly(0, 1, 255);
    }

    @Test void conditionalWritesAndReturnValues() {
        DynamoDbClient c = keyline.client();
        c.putItem(b -> b.tableName(TABLE).item(Map.of("pk", s("cond"), "sk", n("1"), "v", n("1"))));
        assertThatThrownBy(() -> c.putItem(b -> b.tableName(TABLE)
                .item(Map.of("pk", s("cond"), "sk", n("1")))
                .conditionExpression("attribute_not_exists(pk)")
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)))
                .isInstanceOfSatisfying(ConditionalCheckFailedException.class,
                        e -> assertThat(e.item()).containsEntry("v", n("1")));
        Map<String, AttributeValue> updated = c.updateItem(b -> b.tableName(TABLE).key(key("cond", "1"))
                .updateExpression("SET v = v + :d, tags = list_append(if_not_exists(tags, :empty), :t)")
                .expressionAttributeValues(Map.of(":d", n("41"), ":empty", AttributeValue.fromL(List.of()), ":t",
                        AttributeValue.fromL(List.of(s("new")))))
                .returnValues(ReturnValue.ALL_NEW)).attributes();
        assertThat(updated.get("v").n()).isEqualTo("42");
        assertThat(updated.get("tags").l()).containsExactly(s("new"));
        Map<String, AttributeValue> old = c.deleteItem(b -> b.tableName(TABLE).key(key("cond", "1"))
                .returnValues(ReturnValue.ALL_OLD)).attributes();
        assertThat(old.get("v").n()).isEqualTo("42");
        assertThat(c.getItem(b -> b.tableName(TABLE).key(key("cond", "1"))).hasItem()).isFalse();
    }

    @Test void errorsArriveAsTheSdksExceptions() {
        DynamoDbClient c = keyline.client();
        assertThatThrownBy(() -> c.getItem(b -> b.tableName("no_such_table").key(key("a", "1"))))
                .isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> c.getItem(b -> b.tableName(TABLE).key(Map.of("pk", s("a")))))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
                    assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("The provided key element does not match the schema");
                });
        assertThatThrownBy(() -> c.updateItem(b -> b.tableName(TABLE).key(key("a", "1")).updateExpression("SET a = :v")))
                .isInstanceOfSatisfying(DynamoDbException.class,
                        e -> assertThat(e.awsErrorDetails().errorMessage()).isEqualTo(
                                "Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :v"));
    }

    @Test void asyncClientWorksToo() {
        var async = keyline.asyncClient();
        CompletableFuture<?>[] puts = new CompletableFuture<?>[50];
        for (int i = 0; i < puts.length; i++) {
            int n = i;
            puts[i] = async.putItem(b -> b.tableName(TABLE).item(Map.of("pk", s("async"), "sk", n(Integer.toString(n)))));
        }
        CompletableFuture.allOf(puts).join();
        for (int i = 0; i < puts.length; i++) {
            int n = i;
            assertThat(async.getItem(b -> b.tableName(TABLE).key(key("async", Integer.toString(n)))).join().hasItem()).isTrue();
        }
    }
}
