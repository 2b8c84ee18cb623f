package io.keyline.op.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Decoding wire requests into the typed requests: member types and attribute values only. A
 * wrong JSON type, top-level or nested, is the SerializationException the operations threw when
 * they read the wire object themselves; a value's ValidationException inside an expression or
 * legacy map waits for the member's use, where the operation threw it before.
 */
class RequestDecodingTest {

    static JsonObject json(String text) {
        return JsonObject.of(Json.parse(text.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
    }

    static ApiException fails(Executable decode) {
        return catchThrowableOfType(() -> {
            try {
                decode.execute();
            } catch (RuntimeException e) {
                throw e;
            } catch (Throwable t) {
                throw new AssertionError(t);
            }
        }, ApiException.class);
    }

    static void serialization(Executable decode, String message) {
        ApiException e = fails(decode);
        assertThat(e).as("expected a SerializationException").isNotNull();
        assertThat(e.name()).isEqualTo("SerializationException");
        assertThat(e.getMessage()).isEqualTo(message);
    }

    @Nested class WrongTypes {
        @Test void topLevelMembers() {
            serialization(() -> GetItemRequest.decode(json("{'TableName': 5}")), "NUMBER_VALUE cannot be converted to String");
            serialization(() -> GetItemRequest.decode(json("{'ConsistentRead': 'yes'}")), "STRING_VALUE cannot be converted to Boolean");
            serialization(() -> QueryRequest.decode(json("{'Limit': 'x'}")), "STRING_VALUE cannot be converted to Number");
            serialization(() -> ScanRequest.decode(json("{'Segment': 1.5}")), "NUMBER_VALUE cannot be converted to Long");
            serialization(() -> PutItemRequest.decode(json("{'ReturnValues': true}")), "BOOLEAN_VALUE cannot be converted to String");
            serialization(() -> DeleteItemRequest.decode(json("{'Key': []}")), "Start of list found where not expected");
        }

        @Test void attributeValuesInsideItemsAndKeys() {
            serialization(() -> PutItemRequest.decode(json("{'Item': {'a': {'S': 5}}}")), "NUMBER_VALUE cannot be converted to String");
            serialization(() -> UpdateItemRequest.decode(json("{'Key': {'a': {'L': [{'BOOL': 'x'}]}}}")),
                    "STRING_VALUE cannot be converted to Boolean");
            serialization(() -> QueryRequest.decode(json("{'ExclusiveStartKey': {'a': 'x'}}")),
                    "STRING_VALUE cannot be converted to AttributeValue");
        }

        @Test void expressionMembers() {
            serialization(() -> GetItemRequest.decode(json("{'ExpressionAttributeNames': {'#a': 5}}")),
                    "NUMBER_VALUE cannot be converted to String");
            serialization(() -> GetItemRequest.decode(json("{'AttributesToGet': [1]}")), "NUMBER_VALUE cannot be converted to String");
            serialization(() -> PutItemRequest.decode(json("{'ConditionExpression': {}}")), "Start of structure or map found where not expected");
            serialization(() -> PutItemRequest.decode(json("{'ExpressionAttributeValues': {':v': {'N': 1}}}")),
                    "NUMBER_VALUE cannot be converted to String");
        }

        @Test void legacyMaps() {
            serialization(() -> PutItemRequest.decode(json("{'Expected': {'a': {'Exists': 'yes'}}}")),
                    "STRING_VALUE cannot be converted to Boolean");
            serialization(() -> PutItemRequest.decode(json("{'Expected': {'a': 'x'}}")), "STRING_VALUE cannot be converted to Structure");
            serialization(() -> UpdateItemRequest.decode(json("{'AttributeUpdates': {'a': {'Action': 5}}}")),
                    "NUMBER_VALUE cannot be converted to String");
            serialization(() -> QueryRequest.decode(json("{'QueryFilter': {'a': {'ComparisonOperator': 'EQ', 'AttributeValueList': [{'S': 5}]}}}")),
                    "NUMBER_VALUE cannot be converted to String");
            serialization(() -> QueryRequest.decode(json("{'KeyConditions': {'a': {'AttributeValueList': {}}}}")),
                    "Start of structure or map found where not expected");
            serialization(() -> ScanRequest.decode(json("{'ScanFilter': {'a': {'Value': {'S': 'x'}, 'ComparisonOperator': []}}}")),
                    "Start of list found where not expected");
        }

        @Test void membersTheOperationDoesNotHaveAreIgnored() {
            GetItemRequest r = GetItemRequest.decode(json("{'TableName': 't', 'UpdateExpression': 5, 'Expected': 1}"));
            assertThat(r.tableName()).isEqualTo("t");
            assertThat(r.expressions().present()).contains("UpdateExpression", "Expected");
        }
    }

    @Nested class InvalidValuesWaitForTheirUse {
        @Test void expressionAttributeValues() {
            GetItemRequest r = GetItemRequest.decode(json("{'ExpressionAttributeNames': {'#a': 'a'}, 'ExpressionAttributeValues': {':v': {'SS': []}}}"));
            ApiException e = fails(() -> r.expressions().attributes().context());
            assertThat(e.getMessage()).isEqualTo("ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: "
                    + "An string set  may not be empty for key :v");
        }

        @Test void namesAndKeysAreCheckedBeforeAnInvalidValue() {
            ExpressionAttributes a = ExpressionAttributes.decode(json("{'ExpressionAttributeNames': {}, 'ExpressionAttributeValues': {':v': {}}}"));
            assertThat(fails(a::context).getMessage()).isEqualTo("ExpressionAttributeNames must not be empty");
            a = ExpressionAttributes.decode(json("{'ExpressionAttributeValues': {'v': {'S': 'a'}, ':w': {}}}"));
            assertThat(fails(a::context).getMessage()).isEqualTo("ExpressionAttributeValues contains invalid key: Syntax error; key: \"v\"");
        }

        @Test void legacyMaps() {
            ExpressionMembers m = PutItemRequest.decode(json("{'Expected': {'a': {'Value': {'S': 'x', 'N': '1'}}}}")).expressions();
            assertThat(m.expected().present()).isTrue();
            assertThat(fails(() -> m.expected().get()).getMessage())
                    .isEqualTo("Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes");
        }

        @Test void validMapsDecodeToRecords() {
            ExpressionMembers m = QueryRequest.decode(json("{'KeyConditions': {'p': {'ComparisonOperator': 'EQ', 'AttributeValueList': [{'S': 'a'}]}}}"))
                    .expressions();
            assertThat(m.keyConditions().get().get("p").attributeValueList()).containsExactly(new AttributeValue.S("a"));
            assertThat(m.keyConditions().get().get("p").comparisonOperator()).isEqualTo("EQ");
        }
    }
}
