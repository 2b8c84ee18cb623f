package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class TransactGetItemsTest {
    private final ControlPlane cp = new ControlPlane();

    @BeforeEach void tables() {
        cp.createSimple("tbl", false);
        cp.createSimple("tb2", true);
        cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'a'},'x':{'N':'1'},'y':{'N':'2'},'z':{'N':'3'}}}");
        cp.call("PutItem", "{'TableName':'tb2','Item':{'p':{'S':'a'},'c':{'S':'b'}}}");
    }

    private static String get(String p) { return "{'Get':{'TableName':'tbl','Key':{'p':{'S':'" + p + "'}}}}"; }

    private List<Object> responses(String items) {
        return list(cp.call("TransactGetItems", "{'TransactItems':[" + items + "]}").get("Responses"));
    }

    private ApiException fails(String items) {
        return cp.fail("TransactGetItems", "{'TransactItems':[" + items + "]}");
    }

    @Nested class Serialization {
        @Test void getMustBeAnObject() {
            assertThat(fails("{'Get':['x']}").name()).isEqualTo("SerializationException");
        }

        @Test void oneEntryPerActionWithItemOnlyWhenFound() {
            assertThat(responses(get("a") + "," + get("missing"))).containsExactly(
                    Map.of("Item", Map.of("p", Map.of("S", "a"), "x", Map.of("N", "1"), "y", Map.of("N", "2"), "z", Map.of("N", "3"))),
                    Map.of());
        }
    }

    @Nested class Validation {
        @Test void emptyAndTooMany() {
            assertThat(cp.fail("TransactGetItems", "{'TransactItems':[]}").getMessage()).isEqualTo(
                    "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
            String many = IntStream.range(0, 101).mapToObj(i -> get("k" + i)).collect(Collectors.joining(","));
            assertThat(fails(many).getMessage()).contains("at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100");
        }

        @Test void getAndItsMembersAreRequired() {
            assertThat(fails("{}").getMessage()).isEqualTo(
                    "1 validation error detected: Value null at 'transactItems.1.member.get' failed to satisfy constraint: Member must not be null");
            assertThat(fails("{'Get':{'TableName':'tbl'}}").getMessage())
                    .contains("Value null at 'transactItems.1.member.get.key' failed to satisfy constraint: Member must not be null");
        }

        @Test void unusedAndMissingNames() {
            ApiException unused = fails("{'Get':{'TableName':'tbl','Key':{'p':{'S':'a'}},'ProjectionExpression':'#xx',"
                    + "'ExpressionAttributeNames':{'#xx':'x','#qq':'q'}}}");
            assertThat(unused.getMessage()).contains("unused").contains("#qq");
            ApiException missing = fails("{'Get':{'TableName':'tbl','Key':{'p':{'S':'a'}},'ProjectionExpression':'#xx,#zz',"
                    + "'ExpressionAttributeNames':{'#xx':'x'}}}");
            assertThat(missing.name()).isEqualTo("ValidationException");
            assertThat(missing.getMessage()).contains("#zz");
        }

        @Test void sameItemTwice() {
            assertThat(fails(get("a") + "," + get("a")).getMessage()).isEqualTo("Transaction request cannot include multiple operations on one item");
        }

        @Test void badKeyAndMissingTable() {
            assertThat(fails("{'Get':{'TableName':'tb2','Key':{'p':{'S':'a'}}}}").getMessage())
                    .isEqualTo("The provided key element does not match the schema");
            assertThat(fails("{'Get':{'TableName':'nothere','Key':{'p':{'S':'a'}}}}").name()).isEqualTo("ResourceNotFoundException");
        }
    }

    @Nested class Behaviour {
        @Test void projectionPerAction() {
            assertThat(responses("{'Get':{'TableName':'tbl','Key':{'p':{'S':'a'}},'ProjectionExpression':'#xx,z','ExpressionAttributeNames':{'#xx':'x'}}},"
                    + "{'Get':{'TableName':'tb2','Key':{'p':{'S':'a'},'c':{'S':'b'}}}}")).containsExactly(
                    Map.of("Item", Map.of("x", Map.of("N", "1"), "z", Map.of("N", "3"))),
                    Map.of("Item", Map.of("p", Map.of("S", "a"), "c", Map.of("S", "b"))));
        }

        @Test void responsesFollowTheActionOrder() {
            for (int i = 0; i < 100; i++) cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'k" + i + "'},'i':{'N':'" + i + "'}}}");
            List<Object> r = responses(IntStream.range(0, 100).mapToObj(i -> get("k" + (99 - i))).collect(Collectors.joining(",")));
            assertThat(r).hasSize(100);
            for (int i = 0; i < 100; i++) {
                assertThat(ControlPlane.map(ControlPlane.map(r.get(i)).get("Item")).get("i")).isEqualTo(Map.of("N", String.valueOf(99 - i)));
            }
        }
    }
}
