package io.keyline.op;

import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class DeleteItemTest {
    private final ControlPlane cp = new ControlPlane();

    @BeforeEach void table() {
        cp.createSimple("sss", false);
        cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'},'x':{'N':'7'}}}");
    }

    @Nested class Serialization {
        @Test void returnValuesMustBeAString() {
            assertThat(cp.fail("DeleteItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'ReturnValues':true}").name())
                    .isEqualTo("SerializationException");
        }
    }

    @Nested class Validation {
        @Test void missingKey() {
            assertThat(cp.fail("DeleteItem", "{'TableName':'sss'}").getMessage())
                    .isEqualTo("1 validation error detected: Value null at 'key' failed to satisfy constraint: Member must not be null");
        }

        @Test void onlyNoneOrAllOld() {
            assertThat(cp.fail("DeleteItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'ReturnValues':'UPDATED_NEW'}").getMessage())
                    .isEqualTo("ReturnValues can only be ALL_OLD or NONE");
        }
    }

    @Nested class Behaviour {
        @Test void deletesAndReturnsTheOldItem() {
            assertThat(map(cp.call("DeleteItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'ReturnValues':'ALL_OLD'}").get("Attributes")))
                    .containsKeys("p", "x");
            assertThat(cp.call("GetItem", "{'TableName':'sss','Key':{'p':{'S':'a'}}}")).doesNotContainKey("Item");
        }

        @Test void deletingAMissingItemSucceedsWithoutAttributes() {
            assertThat(cp.call("DeleteItem", "{'TableName':'sss','Key':{'p':{'S':'zz'}},'ReturnValues':'ALL_OLD'}")).isEmpty();
        }

        @Test void conditionOnTheOldItem() {
            ApiException e = cp.fail("DeleteItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'ConditionExpression':'x > :v',"
                    + "'ExpressionAttributeValues':{':v':{'N':'10'}}}");
            assertThat(e.name()).isEqualTo("ConditionalCheckFailedException");
            cp.call("DeleteItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'ConditionExpression':'x < :v',"
                    + "'ExpressionAttributeValues':{':v':{'N':'10'}}}");
            assertThat(cp.call("GetItem", "{'TableName':'sss','Key':{'p':{'S':'a'}}}")).doesNotContainKey("Item");
        }
    }
}
