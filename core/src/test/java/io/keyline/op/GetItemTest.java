package io.keyline.op;

import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class GetItemTest {
    private final ControlPlane cp = new ControlPlane();

    @BeforeEach void table() {
        cp.createSimple("ttt", true);
        cp.call("PutItem", "{'TableName':'ttt','Item':{'p':{'S':'a'},'c':{'S':'b'},'x':{'M':{'y':{'N':'1'},'z':{'L':[{'S':'q'}]}}},'w':{'BOOL':true}}}");
    }

    @Nested class Serialization {
        @Test void keyMustBeAMap() {
            assertThat(cp.fail("GetItem", "{'TableName':'ttt','Key':'x'}").name()).isEqualTo("SerializationException");
        }

        @Test void consistentReadMustBeABoolean() {
            assertThat(cp.fail("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'a'},'c':{'S':'b'}},'ConsistentRead':'yes'}").name())
                    .isEqualTo("SerializationException");
        }
    }

    @Nested class Validation {
        @Test void keyMustMatchTheSchema() {
            assertThat(cp.fail("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'a'}}}").getMessage())
                    .isEqualTo("The provided key element does not match the schema");
            assertThat(cp.fail("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'a'},'c':{'N':'1'}}}").getMessage())
                    .isEqualTo("The provided key element does not match the schema");
            assertThat(cp.fail("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'a'},'c':{'S':'b'},'d':{'S':'x'}}}").getMessage())
                    .isEqualTo("The provided key element does not match the schema");
        }

        @Test void badTableName() {
            assertThat(cp.fail("GetItem", "{'TableName':'a!b','Key':{'p':{'S':'a'}}}").name()).isEqualTo("ValidationException");
        }

        @Test void valuesWithoutAnExpressionThatUsesThem() {
            assertThat(cp.fail("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'a'},'c':{'S':'b'}},'ProjectionExpression':'x',"
                    + "'ExpressionAttributeValues':{':v':{'S':'x'}}}").getMessage()).contains("ExpressionAttributeValues");
        }

        @Test void projectionAndAttributesToGetTogether() {
            assertThat(cp.fail("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'a'},'c':{'S':'b'}},'ProjectionExpression':'x',"
                    + "'AttributesToGet':['x']}").getMessage()).contains("Can not use both expression and non-expression parameters");
        }
    }

    @Nested class Behaviour {
        @Test void missingItemHasNoItemField() {
            assertThat(cp.call("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'a'},'c':{'S':'zz'}}}")).doesNotContainKey("Item");
        }

        @Test void wholeItem() {
            Map<String, Object> item = map(cp.call("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'a'},'c':{'S':'b'}}}").get("Item"));
            assertThat(item).containsOnlyKeys("p", "c", "x", "w");
        }

        @Test void projectionOfNestedPaths() {
            Map<String, Object> item = map(cp.call("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'a'},'c':{'S':'b'}},"
                    + "'ProjectionExpression':'x.y, #w','ExpressionAttributeNames':{'#w':'w'}}").get("Item"));
            assertThat(item).containsOnlyKeys("x", "w");
            assertThat(map(map(item.get("x")).get("M"))).containsOnlyKeys("y");
        }

        @Test void attributesToGet() {
            Map<String, Object> item = map(cp.call("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'a'},'c':{'S':'b'}},"
                    + "'AttributesToGet':['w','missing']}").get("Item"));
            assertThat(item).containsOnlyKeys("w");
        }
    }
}
