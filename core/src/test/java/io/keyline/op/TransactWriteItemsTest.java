package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.api.ItemRef;
import io.keyline.metadata.PrimaryKey;
import io.keyline.engine.transaction.IdempotencyTokens;
import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import io.keyline.protocol.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class TransactWriteItemsTest {
    private final ControlPlane cp = new ControlPlane();

    @BeforeEach void tables() {
        cp.createSimple("tbl", false);
        cp.createSimple("tb2", true);
    }

    private Map<String, Object> transact(String items) {
        return cp.call("TransactWriteItems", "{'TransactItems':[" + items + "]}");
    }

    private ApiException fails(String items) {
        return cp.fail("TransactWriteItems", "{'TransactItems':[" + items + "]}");
    }

    private Map<String, Object> item(String p) {
        Map<String, Object> r = cp.call("GetItem", "{'TableName':'tbl','Key':{'p':{'S':'" + p + "'}}}");
        return r.containsKey("Item") ? map(r.get("Item")) : null;
    }

    private static String put(String p) { return "{'Put':{'TableName':'tbl','Item':{'p':{'S':'" + p + "'}}}}"; }

    private static String put(String p, String condition) {
        return "{'Put':{'TableName':'tbl','Item':{'p':{'S':'" + p + "'}},'ConditionExpression':'" + condition + "'}}";
    }

    private static String check(String p, String condition) {
        return "{'ConditionCheck':{'TableName':'tbl','Key':{'p':{'S':'" + p + "'}},'ConditionExpression':'" + condition + "'}}";
    }

    private static List<String> codes(ApiException e) {
        List<String> out = new ArrayList<>();
        for (Object r : list(e.extras().get("CancellationReasons"))) out.add((String) map(r).get("Code"));
        return out;
    }

    @Nested class Serialization {
        @Test void transactItemsMustBeAList() {
            assertThat(cp.fail("TransactWriteItems", "{'TransactItems':{'Put':{}}}").name()).isEqualTo("SerializationException");
        }

        @Test void namesMustBeStrings() {
            ApiException e = fails("{'Put':{'TableName':'tbl','Item':{'p':{'S':'a'}},'ConditionExpression':'attribute_exists(p)',"
                    + "'ExpressionAttributeNames':{'#xyz':7}}}");
            assertThat(e.name()).isEqualTo("SerializationException");
        }

        @Test void successIsAnEmptyObject() {
            assertThat(transact(put("a"))).isEmpty();
        }

        @Test void cancellationReasonsOnTheWire() {
            cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'a'},'x':{'N':'1'}}}");
            ApiException e = fails(put("b") + ",{'Delete':{'TableName':'tbl','Key':{'p':{'S':'a'}},'ConditionExpression':'x = :two',"
                    + "'ExpressionAttributeValues':{':two':{'N':'2'}},'ReturnValuesOnConditionCheckFailure':'ALL_OLD'}}");
            assertThat(e.type()).isEqualTo("com.amazonaws.dynamodb.v20120810#TransactionCanceledException");
            Map<String, Object> wire = map(Json.parse(Json.write(e.extras())));
            assertThat(list(wire.get("CancellationReasons"))).containsExactly(
                    Map.of("Code", "None"),
                    Map.of("Item", Map.of("p", Map.of("S", "a"), "x", Map.of("N", "1")), "Code", "ConditionalCheckFailed",
                            "Message", "The conditional request failed"));
        }
    }

    @Nested class Validation {
        @Test void missingOrEmptyOrTooMany() {
            assertThat(cp.fail("TransactWriteItems", "{}").getMessage()).isEqualTo(
                    "1 validation error detected: Value null at 'transactItems' failed to satisfy constraint: Member must not be null");
            assertThat(cp.fail("TransactWriteItems", "{'TransactItems':[]}").getMessage()).isEqualTo(
                    "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
            String many = IntStream.range(0, 101).mapToObj(i -> put("k" + i)).collect(Collectors.joining(","));
            assertThat(fails(many).getMessage()).contains("at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100");
        }

        @Test void exactlyOneActionPerElement() {
            assertThat(fails("{}").getMessage()).isEqualTo(TransactWriteItems.NOT_ONE_ACTION);
            assertThat(fails("{'Put':{'TableName':'tbl','Item':{'p':{'S':'a'}}},'Delete':{'TableName':'tbl','Key':{'p':{'S':'a'}}}}").getMessage())
                    .isEqualTo(TransactWriteItems.NOT_ONE_ACTION);
        }

        @Test void memberConstraintsNameTheirPath() {
            assertThat(fails("{'ConditionCheck':{'TableName':'tbl','Key':{'p':{'S':'a'}}}}").getMessage()).isEqualTo("1 validation error detected: "
                    + "Value null at 'transactItems.1.member.conditionCheck.conditionExpression' failed to satisfy constraint: Member must not be null");
            assertThat(fails(put("a") + ",{'Update':{'TableName':'tbl','Key':{'p':{'S':'b'}}}}").getMessage())
                    .contains("Value null at 'transactItems.2.member.update.updateExpression' failed to satisfy constraint: Member must not be null");
            assertThat(fails("{'Put':{'Item':{'p':{'S':'a'}}}}").getMessage())
                    .contains("Value null at 'transactItems.1.member.put.tableName' failed to satisfy constraint: Member must not be null");
            assertThat(fails("{'Delete':{'TableName':'tbl'}}").getMessage())
                    .contains("Value null at 'transactItems.1.member.delete.key' failed to satisfy constraint: Member must not be null");
        }

        @Test void returnValuesOnConditionCheckFailureIsAnEnum() {
            assertThat(fails("{'Put':{'TableName':'tbl','Item':{'p':{'S':'a'}},'ReturnValuesOnConditionCheckFailure':'none'}}").getMessage())
                    .contains("Value 'none' at 'transactItems.1.member.put.returnValuesOnConditionCheckFailure' failed to satisfy constraint: "
                            + "Member must satisfy enum value set: [ALL_OLD, NONE]");
        }

        @Test void clientRequestTokenLength() {
            String token = "x".repeat(37);
            assertThat(cp.fail("TransactWriteItems", "{'ClientRequestToken':'" + token + "','TransactItems':[" + put("a") + "]}").getMessage())
                    .isEqualTo("1 validation error detected: Value '" + token + "' at 'clientRequestToken' failed to satisfy constraint: "
                            + "Member must have length less than or equal to 36");
            cp.call("TransactWriteItems", "{'ClientRequestToken':'" + "y".repeat(36) + "','TransactItems':[" + put("a") + "]}");
        }

        @Test void expressionProblemsFailTheWholeRequest() {
            assertThat(fails(put("a", "attribute_exists(#xyz)")).getMessage()).contains("#xyz");
            assertThat(fails(put("a", "p = :xyz")).getMessage()).contains(":xyz");
            assertThat(fails(put("a", "hello!")).getMessage()).contains("Syntax error");
            ApiException unused = fails("{'Put':{'TableName':'tbl','Item':{'p':{'S':'a'}},'ConditionExpression':'attribute_exists(p)',"
                    + "'ExpressionAttributeValues':{':xyz':{'N':'7'}}}}");
            assertThat(unused.name()).isEqualTo("ValidationException");
            assertThat(unused.getMessage()).contains("unused").contains(":xyz");
        }

        @Test void twoActionsOnOneItem() {
            assertThat(fails(put("a") + "," + put("a")).getMessage()).isEqualTo("Transaction request cannot include multiple operations on one item");
            assertThat(fails(put("a") + "," + check("b", "attribute_exists(p)") + "," + check("b", "attribute_exists(p)")).getMessage())
                    .isEqualTo("Transaction request cannot include multiple operations on one item");
            assertThat(item("a")).isNull();
        }

        @Test void payloadOver4Megabytes() {
            String big = "x".repeat(100_000);
            String items = IntStream.range(0, 50).mapToObj(i -> "{'Put':{'TableName':'tbl','Item':{'p':{'S':'k" + i + "'},'x':{'S':'" + big + "'}}}}")
                    .collect(Collectors.joining(","));
            ApiException e = fails(items);
            assertThat(e.name()).isEqualTo("ValidationException");
            assertThat(e.getMessage()).contains("size cannot exceed");
        }

        @Test void badKeyIsAValidationErrorReasonOnTheFirstOnly() {
            ApiException e = fails("{'Put':{'TableName':'tbl','Item':{'p':{'N':'7'}}}},{'Put':{'TableName':'tbl','Item':{'p':{'N':'8'}}}}," + put("c", "attribute_exists(p)"));
            assertThat(e.name()).isEqualTo("TransactionCanceledException");
            assertThat(codes(e)).containsExactly("ValidationError", "None", "None");
            assertThat(e.getMessage()).isEqualTo("Transaction cancelled, please refer cancellation reasons for specific reasons [ValidationError, None, None]");
            assertThat(map(list(e.extras().get("CancellationReasons")).get(0)).get("Message"))
                    .isEqualTo("One or more parameter values were invalid: Type mismatch for key p expected: S actual: N");
        }

        @Test void missingTable() {
            ApiException e = fails("{'Put':{'TableName':'nothere','Item':{'p':{'S':'a'}}}}");
            assertThat(e.name()).isEqualTo("ResourceNotFoundException");
        }
    }

    @Nested class Behaviour {
        @Test void putUpdateDeleteAndCheckTogether() {
            cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'u'},'n':{'N':'1'}}}");
            cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'d'}}}");
            cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'c'}}}");
            transact(put("new", "attribute_not_exists(p)")
                    + ",{'Update':{'TableName':'tbl','Key':{'p':{'S':'u'}},'UpdateExpression':'SET n = n + :one','ConditionExpression':'n = :one',"
                    + "'ExpressionAttributeValues':{':one':{'N':'1'}}}}"
                    + ",{'Delete':{'TableName':'tbl','Key':{'p':{'S':'d'}}}}"
                    + "," + check("c", "attribute_exists(p)")
                    + ",{'Put':{'TableName':'tb2','Item':{'p':{'S':'u'},'c':{'S':'x'}}}}");
            assertThat(item("new")).isNotNull();
            assertThat(item("u")).containsEntry("n", Map.of("N", "2"));
            assertThat(item("d")).isNull();
            assertThat(item("c")).isEqualTo(Map.of("p", Map.of("S", "c")));
            assertThat(cp.call("GetItem", "{'TableName':'tb2','Key':{'p':{'S':'u'},'c':{'S':'x'}}}")).containsKey("Item");
        }

        @Test void anyFailedConditionCancelsEverythingAndEveryFailureIsReported() {
            cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'old'},'v':{'S':'1'}}}");
            ApiException e = fails(put("p1") + "," + put("p2", "attribute_not_exists(p)") + "," + check("p3", "attribute_exists(p)")
                    + ",{'Put':{'TableName':'tbl','Item':{'p':{'S':'old'},'v':{'S':'2'}},'ConditionExpression':'v = :v','ExpressionAttributeValues':{':v':{'S':'9'}}}}");
            assertThat(codes(e)).containsExactly("None", "None", "ConditionalCheckFailed", "ConditionalCheckFailed");
            assertThat(e.getMessage()).isEqualTo("Transaction cancelled, please refer cancellation reasons for specific reasons "
                    + "[None, None, ConditionalCheckFailed, ConditionalCheckFailed]");
            List<Object> reasons = list(e.extras().get("CancellationReasons"));
            assertThat(map(reasons.get(0))).doesNotContainKey("Message");
            assertThat(map(reasons.get(3))).containsEntry("Message", "The conditional request failed").doesNotContainKey("Item");
            assertThat(item("p1")).isNull();
            assertThat(item("p2")).isNull();
            assertThat(item("old")).containsEntry("v", Map.of("S", "1"));
        }

        @Test void updateThatOutgrowsTheItemLimitIsAValidationError() {
            cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'a'},'x':{'S':'" + "x".repeat(300_000) + "'}}}");
            ApiException e = fails(put("b") + ",{'Update':{'TableName':'tbl','Key':{'p':{'S':'a'}},'UpdateExpression':'SET y = x'}}");
            assertThat(codes(e)).containsExactly("None", "ValidationError");
            assertThat(map(list(e.extras().get("CancellationReasons")).get(1)).get("Message"))
                    .isEqualTo("Item size to update has exceeded the maximum allowed size");
            assertThat(item("b")).isNull();
        }

        @Test void updateThatOnlyRemovesCreatesNoItem() {
            transact("{'Update':{'TableName':'tbl','Key':{'p':{'S':'none'}},'UpdateExpression':'REMOVE x'}}");
            assertThat(item("none")).isNull();
        }

        @Test void aTokenRepeatsTheResultWithoutReapplyingForTenMinutes() {
            cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'n'},'x':{'N':'0'}}}");
            String request = "{'ClientRequestToken':'tok','TransactItems':[{'Update':{'TableName':'tbl','Key':{'p':{'S':'n'}},"
                    + "'UpdateExpression':'ADD x :one','ExpressionAttributeValues':{':one':{'N':'1'}}}}]}";
            cp.call("TransactWriteItems", request);
            cp.call("TransactWriteItems", request);
            assertThat(item("n")).containsEntry("x", Map.of("N", "1"));
            cp.clock.advance(IdempotencyTokens.WINDOW.minusSeconds(1));
            cp.call("TransactWriteItems", request);
            assertThat(item("n")).containsEntry("x", Map.of("N", "1"));
            cp.clock.advance(Duration.ofSeconds(2));
            cp.call("TransactWriteItems", request);
            assertThat(item("n")).containsEntry("x", Map.of("N", "2"));
        }

        @Test void withoutATokenEveryRequestApplies() {
            String update = "{'Update':{'TableName':'tbl','Key':{'p':{'S':'n'}},'UpdateExpression':'ADD x :one','ExpressionAttributeValues':{':one':{'N':'1'}}}}";
            transact(update);
            transact(update);
            assertThat(item("n")).containsEntry("x", Map.of("N", "2"));
        }

        @Test void aTokenReusedForAnotherRequestIsAMismatch() {
            cp.call("TransactWriteItems", "{'ClientRequestToken':'tok','TransactItems':[" + put("a") + "]}");
            ApiException e = cp.fail("TransactWriteItems", "{'ClientRequestToken':'tok','TransactItems':[" + put("b") + "]}");
            assertThat(e.type()).isEqualTo("com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException");
            assertThat(item("b")).isNull();
            cp.clock.advance(IdempotencyTokens.WINDOW.plusSeconds(1));
            cp.call("TransactWriteItems", "{'ClientRequestToken':'tok','TransactItems':[" + put("b") + "]}");
            assertThat(item("b")).isNotNull();
        }

        @Test void aCancelledRequestLeavesNoTokenBehind() {
            String request = "{'ClientRequestToken':'tok','TransactItems':[" + put("a", "attribute_exists(p)") + "]}";
            cp.fail("TransactWriteItems", request);
            cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'a'},'v':{'S':'before'}}}");
            cp.call("TransactWriteItems", request);
            assertThat(item("a")).isEqualTo(Map.of("p", Map.of("S", "a")));
        }

        @Test void itemsHeldByAnotherTransactionConflict() throws Exception {
            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            ItemRef held = new ItemRef(cp.engine.catalog().get("tbl"), new PrimaryKey(new AttributeValue.S("held"), null));
            Thread other = new Thread(() -> cp.engine.items().writeAll(List.of(held), 0, olds -> {
                holding.countDown();
                awaitQuietly(release);
                return olds;
            }));
            other.start();
            assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
            try {
                ApiException tx = fails(put("free") + "," + put("held"));
                assertThat(codes(tx)).containsExactly("None", "TransactionConflict");
                assertThat(map(list(tx.extras().get("CancellationReasons")).get(1))).containsEntry("Message", "Transaction is ongoing for the item");
                ApiException single = cp.fail("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'held'}}}");
                assertThat(single.type()).isEqualTo("com.amazonaws.dynamodb.v20120810#TransactionConflictException");
                assertThat(item("free")).isNull();
                cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'free'}}}");
            } finally {
                release.countDown();
                other.join();
            }
            transact(put("held"));
            assertThat(item("held")).isNotNull();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
