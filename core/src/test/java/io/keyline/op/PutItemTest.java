package io.keyline.op;

import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class PutItemTest {
    private final ControlPlane cp = new ControlPlane();

    @BeforeEach void tables() {
        cp.createSimple("ttt", true);
        cp.createSimple("sss", false);
    }

    private Map<String, Object> get(String table, String key) {
        return cp.call("GetItem", "{'TableName':'" + table + "','Key':" + key + "}");
    }

    @Nested class Serialization {
        @Test void itemMustBeAMap() {
            assertThat(cp.fail("PutItem", "{'TableName':'ttt','Item':['x']}").name()).isEqualTo("SerializationException");
        }

        @Test void numberValuesAreStrings() {
            assertThat(cp.fail("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'n':{'N':3}}}").name())
                    .isEqualTo("SerializationException");
        }

        @Test void responseIsAnEmptyObjectByDefault() {
            assertThat(cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}}}")).isEmpty();
        }
    }

    @Nested class Validation {
        @Test void missingItem() {
            assertThat(cp.fail("PutItem", "{'TableName':'sss'}").getMessage())
                    .isEqualTo("1 validation error detected: Value null at 'item' failed to satisfy constraint: Member must not be null");
        }

        @Test void missingTable() {
            ApiException e = cp.fail("PutItem", "{'TableName':'nope','Item':{'p':{'S':'a'}}}");
            assertThat(e.name()).isEqualTo("ResourceNotFoundException");
            assertThat(e.getMessage()).isEqualTo("Requested resource not found");
        }

        @Test void missingKeyAttribute() {
            assertThat(cp.fail("PutItem", "{'TableName':'ttt','Item':{'p':{'S':'a'}}}").getMessage())
                    .isEqualTo("One or more parameter values were invalid: Missing the key c in the item");
        }

        @Test void wrongKeyType() {
            assertThat(cp.fail("PutItem", "{'TableName':'sss','Item':{'p':{'N':'1'}}}").getMessage())
                    .isEqualTo("One or more parameter values were invalid: Type mismatch for key p expected: S actual: N");
        }

        @Test void emptyStringKey() {
            assertThat(cp.fail("PutItem", "{'TableName':'sss','Item':{'p':{'S':''}}}").getMessage())
                    .contains("The AttributeValue for a key attribute cannot contain an empty string value. Key: p");
        }

        @Test void oversizedHashKey() {
            String big = ControlPlane.repeat('x', 2049);
            assertThat(cp.fail("PutItem", "{'TableName':'sss','Item':{'p':{'S':'" + big + "'}}}").getMessage())
                    .contains("Size of hashkey has exceeded the maximum size limit of2048 bytes");
        }

        @Test void oversizedItem() {
            String big = ControlPlane.repeat('x', 400 * 1024);
            assertThat(cp.fail("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'v':{'S':'" + big + "'}}}").getMessage())
                    .isEqualTo("Item size has exceeded the maximum allowed size");
        }

        @Test void returnValuesOnlyNoneOrAllOld() {
            assertThat(cp.fail("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}},'ReturnValues':'ALL_NEW'}").getMessage())
                    .isEqualTo("ReturnValues can only be ALL_OLD or NONE");
            assertThat(cp.fail("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}},'ReturnValues':'DOG'}").getMessage())
                    .contains("Value 'DOG' at 'returnValues' failed to satisfy constraint");
        }

        @Test void tooDeeplyNested() {
            String v = "{'S':'x'}";
            for (int i = 0; i < 32; i++) v = "{'M':{'a':" + v + "}}";
            assertThat(cp.fail("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'n':" + v + "}}").getMessage())
                    .startsWith("Nesting Levels have exceeded supported limits");
        }

        @Test void thirtyOneLevelsAreFine() {
            String v = "{'S':'x'}";
            for (int i = 0; i < 31; i++) v = "{'M':{'a':" + v + "}}";
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'n':" + v + "}}");
        }

        @Test void emptyAttributeName() {
            assertThat(cp.fail("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'':{'S':'x'}}}").getMessage())
                    .contains("Empty attribute name");
        }
    }

    @Nested class Behaviour {
        @Test void replacesTheWholeItem() {
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'x':{'N':'1'}}}");
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'y':{'N':'2'}}}");
            assertThat(map(get("sss", "{'p':{'S':'a'}}").get("Item"))).containsOnlyKeys("p", "y");
        }

        @Test void returnsTheOldItemWhenAsked() {
            assertThat(cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'x':{'N':'1'}},'ReturnValues':'ALL_OLD'}")).isEmpty();
            Map<String, Object> r = cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}},'ReturnValues':'ALL_OLD'}");
            assertThat(map(r.get("Attributes"))).containsKeys("p", "x");
        }

        @Test void conditionExpressionGuardsTheWrite() {
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}},'ConditionExpression':'attribute_not_exists(p)'}");
            ApiException e = cp.fail("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}},'ConditionExpression':'attribute_not_exists(p)'}");
            assertThat(e.name()).isEqualTo("ConditionalCheckFailedException");
            assertThat(e.getMessage()).isEqualTo("The conditional request failed");
            assertThat(e.extras()).doesNotContainKey("Item");
        }

        @Test void failedConditionReturnsTheOldItemWhenAsked() {
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'x':{'S':'old'}}}");
            ApiException e = cp.fail("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}},'ConditionExpression':'x = :v',"
                    + "'ExpressionAttributeValues':{':v':{'S':'new'}},'ReturnValuesOnConditionCheckFailure':'ALL_OLD'}");
            assertThat(e.extras()).containsKey("Item");
        }

        @Test void legacyExpected() {
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'x':{'S':'1'}}}");
            cp.fail("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}},'Expected':{'x':{'Value':{'S':'2'}}}}");
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}},'Expected':{'x':{'Value':{'S':'1'}}}}");
        }

        @Test void unusedExpressionValueIsRejected() {
            assertThat(cp.fail("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}},'ConditionExpression':'attribute_exists(p)',"
                    + "'ExpressionAttributeValues':{':v':{'S':'x'}}}").getMessage()).contains("unused");
        }

        @Test void statisticsFollowWrites() {
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}}}");
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'b'}}}");
            cp.call("DeleteItem", "{'TableName':'sss','Key':{'p':{'S':'a'}}}");
            assertThat(cp.engine.catalog().statistics("sss").itemCount()).isEqualTo(1);
        }
    }
}
