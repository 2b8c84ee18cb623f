package io.keyline.op;

import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class UpdateItemTest {
    private final ControlPlane cp = new ControlPlane();

    @BeforeEach void table() { cp.createSimple("sss", false); }

    private Map<String, Object> item(String p) {
        return map(cp.call("GetItem", "{'TableName':'sss','Key':{'p':{'S':'" + p + "'}}}").get("Item"));
    }

    @Nested class Serialization {
        @Test void updateExpressionMustBeAString() {
            assertThat(cp.fail("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'UpdateExpression':1}").name())
                    .isEqualTo("SerializationException");
        }
    }

    @Nested class Validation {
        @Test void cannotUpdateKeyAttributes() {
            assertThat(cp.fail("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'UpdateExpression':'SET p = :v',"
                    + "'ExpressionAttributeValues':{':v':{'S':'b'}}}").getMessage())
                    .isEqualTo("One or more parameter values were invalid: Cannot update attribute p. This attribute is part of the key");
        }

        @Test void bothUpdateForms() {
            assertThat(cp.fail("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'UpdateExpression':'SET b = :v',"
                    + "'ExpressionAttributeValues':{':v':{'S':'b'}},'AttributeUpdates':{'a':{'Action':'PUT','Value':{'N':'3'}}}}")
                    .getMessage()).contains("Can not use both expression and non-expression parameters");
        }

        @Test void badReturnValues() {
            assertThat(cp.fail("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'ReturnValues':'none'}").getMessage())
                    .contains("Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
        }

        @Test void syntaxError() {
            ApiException e = cp.fail("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'UpdateExpression':'SET'}");
            assertThat(e.getMessage()).startsWith("Invalid UpdateExpression: Syntax error");
        }
    }

    @Nested class Behaviour {
        @Test void noUpdateCreatesTheKeyOnlyItem() {
            cp.call("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}}}");
            assertThat(item("a")).containsOnlyKeys("p");
        }

        @Test void removeOnAMissingItemCreatesNothing() {
            cp.call("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'UpdateExpression':'REMOVE x'}");
            assertThat(cp.call("GetItem", "{'TableName':'sss','Key':{'p':{'S':'a'}}}")).doesNotContainKey("Item");
            cp.call("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'AttributeUpdates':{'x':{'Action':'DELETE'}}}");
            assertThat(cp.call("GetItem", "{'TableName':'sss','Key':{'p':{'S':'a'}}}")).doesNotContainKey("Item");
        }

        @Test void arithmeticAndReturnValues() {
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'n':{'N':'1'},'o':{'S':'keep'}}}");
            Map<String, Object> r = cp.call("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'UpdateExpression':'SET n = n + :one',"
                    + "'ExpressionAttributeValues':{':one':{'N':'1'}},'ReturnValues':'UPDATED_NEW'}");
            assertThat(map(r.get("Attributes"))).containsOnlyKeys("n");
            assertThat(map(map(r.get("Attributes")).get("n")).get("N")).isEqualTo("2");
            r = cp.call("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'UpdateExpression':'REMOVE o','ReturnValues':'UPDATED_OLD'}");
            assertThat(map(r.get("Attributes"))).containsOnlyKeys("o");
            r = cp.call("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'UpdateExpression':'REMOVE o','ReturnValues':'ALL_NEW'}");
            assertThat(map(r.get("Attributes"))).containsOnlyKeys("p", "n");
        }

        @Test void updatedNewOfANestedPathIsNested() {
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'m':{'M':{'b':{'S':'x'},'c':{'S':'y'}}}}}");
            Map<String, Object> r = cp.call("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'UpdateExpression':'SET m.b = :v',"
                    + "'ExpressionAttributeValues':{':v':{'S':'z'}},'ReturnValues':'UPDATED_NEW'}");
            assertThat(map(map(map(r.get("Attributes")).get("m")).get("M"))).containsOnlyKeys("b");
        }

        @Test void conditionFailureLeavesTheItem() {
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'n':{'N':'1'}}}");
            ApiException e = cp.fail("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'UpdateExpression':'SET n = :v',"
                    + "'ConditionExpression':'n = :old','ExpressionAttributeValues':{':v':{'N':'5'},':old':{'N':'2'}},"
                    + "'ReturnValuesOnConditionCheckFailure':'ALL_OLD'}");
            assertThat(e.name()).isEqualTo("ConditionalCheckFailedException");
            assertThat(e.extras()).containsKey("Item");
            assertThat(map(item("a").get("n")).get("N")).isEqualTo("1");
        }

        @Test void legacyAttributeUpdates() {
            cp.call("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'AttributeUpdates':{'n':{'Action':'ADD','Value':{'N':'3'}},"
                    + "'s':{'Action':'PUT','Value':{'SS':['x','y']}}}}");
            assertThat(item("a")).containsOnlyKeys("p", "n", "s");
        }

        @Test void updateThatGrowsPastTheLimit() {
            String big = ControlPlane.repeat('x', 300 * 1024);
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'a':{'S':'" + big + "'}}}");
            assertThat(cp.fail("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'UpdateExpression':'SET b = :v',"
                    + "'ExpressionAttributeValues':{':v':{'S':'" + big + "'}}}").getMessage())
                    .isEqualTo("Item size to update has exceeded the maximum allowed size");
        }
    }
}
