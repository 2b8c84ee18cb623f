package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import java.util.Arrays;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * docs/RULES.md#VALIDATION-ORDER and #VALIDATION-TABLE-NAME through the real operations: a
 * request is checked for its members' JSON types, then their constraints (one aggregated
 * message), then attribute values and expressions, then whether the table exists. Texts from
 * dynalite's test suite, run against DynamoDB (test/&lt;operation&gt;.js, cited per test), and from
 * the service model where the model is the source. An aggregated message is compared as
 * dynalite compares it: its count and its errors in any order.
 */
class ValidationOrderTest {
    private final ControlPlane cp = new ControlPlane();

    private static final String NOT_NULL = "failed to satisfy constraint: Member must not be null";
    private static final String NAME_PATTERN = "failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+";
    private static final String EMPTY_VALUE = "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";

    /** The request fails with one ValidationException aggregating exactly {@code errors}, in any order. */
    private void aggregated(String op, String json, String... errors) {
        ApiException e = cp.fail(op, json);
        assertThat(e.name()).isEqualTo("ValidationException");
        String prefix = errors.length + " validation error" + (errors.length == 1 ? "" : "s") + " detected: ";
        assertThat(e.getMessage()).startsWith(prefix);
        assertThat(Arrays.asList(e.getMessage().substring(prefix.length()).split("; "))).containsExactlyInAnyOrder(errors);
    }

    private ApiException fails(String op, String json, String type) {
        ApiException e = cp.fail(op, json);
        assertThat(e.name()).as(e.getMessage()).isEqualTo(type);
        return e;
    }

    @Nested class DeserializationComesFirst {
        @Test void aWronglyTypedMemberWithoutATableNameIsASerializationException() {
            // Both used to be ValidationExceptions for the missing TableName.
            // dynalite test/createTable.js ("ProvisionedThroughput is not a struct") and helpers.js assertType.
            assertThat(fails("CreateTable", "{'ProvisionedThroughput':5}", "SerializationException").getMessage())
                    .isEqualTo("Unexpected field type");
            assertThat(fails("UpdateTable", "{'BillingMode':true}", "SerializationException").getMessage())
                    .isEqualTo("TRUE_VALUE cannot be converted to String");
            assertThat(fails("DescribeTable", "{'TableName':5}", "SerializationException").getMessage())
                    .isEqualTo("NUMBER_VALUE cannot be converted to String");
            assertThat(fails("GetItem", "{'Key':{'p':{'S':'a'}},'ConsistentRead':'maybe'}", "SerializationException").getMessage())
                    .isEqualTo("Unexpected token received from parser");
            assertThat(fails("Scan", "{'Limit':'10'}", "SerializationException").getMessage())
                    .isEqualTo("STRING_VALUE cannot be converted to Integer");
            assertThat(fails("TagResource", "{'Tags':'x'}", "SerializationException").getMessage())
                    .isEqualTo("Unexpected field type");
        }

        @Test void theFirstWrongMemberInTheBodysOrderIsReported() {
            assertThat(fails("Query", "{'Limit':'x','Select':5,'TableName':'t t'}", "SerializationException").getMessage())
                    .isEqualTo("STRING_VALUE cannot be converted to Integer");
            assertThat(fails("Query", "{'Select':5,'Limit':'x'}", "SerializationException").getMessage())
                    .isEqualTo("NUMBER_VALUE cannot be converted to String");
        }
    }

    @Nested class ConstraintsBeforeAttributeValues {
        @Test void anEmptyKeyValueWaitsForTheMembersConstraints() {
            // dynalite test/getItem.js "incorrect attributes": the constraints, not the key, are reported.
            aggregated("GetItem", "{'TableName':'abc;','Key':{'a':{}},'ReturnConsumedCapacity':'hi','AttributesToGet':[]}",
                    "Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1",
                    "Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]",
                    "Value 'abc;' at 'tableName' " + NAME_PATTERN);
        }

        @Test void dataPlaneTableNamesAreInTheAggregate() {
            // dynalite test/getItem.js, putItem.js, query.js, scan.js: no, empty, short and long TableName.
            aggregated("GetItem", "{}", "Value null at 'tableName' " + NOT_NULL, "Value null at 'key' " + NOT_NULL);
            aggregated("PutItem", "{'TableName':''}", "Value '' at 'tableName' " + NAME_PATTERN,
                    "Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
                    "Value null at 'item' " + NOT_NULL);
            aggregated("Query", "{}", "Value null at 'tableName' " + NOT_NULL);
            aggregated("Scan", "{'TableName':'a;'}", "Value 'a;' at 'tableName' " + NAME_PATTERN,
                    "Value 'a;' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3");
            String name = "a".repeat(256);
            aggregated("DeleteItem", "{'TableName':'" + name + "'}", "Value null at 'key' " + NOT_NULL,
                    "Value '" + name + "' at 'tableName' failed to satisfy constraint: Member must have length less than or equal to 255");
            aggregated("UpdateItem", "{'Key':{'p':{'S':'a'}}}", "Value null at 'tableName' " + NOT_NULL);
        }

        @Test void controlPlaneTableNamesAnswerAloneFirst() {
            // dynalite test/createTable.js, describeTable.js, updateTable.js, deleteTable.js; aws/aws-sdk-java#977.
            for (String op : new String[] {"CreateTable", "DescribeTable", "UpdateTable", "DeleteTable"}) {
                assertThat(fails(op, "{}", "ValidationException").getMessage())
                        .isEqualTo("The parameter 'TableName' is required but was not present in the request");
                assertThat(fails(op, "{'TableName':'a;'}", "ValidationException").getMessage())
                        .isEqualTo("TableName must be at least 3 characters long and at most 255 characters long");
                assertThat(fails(op, "{'TableName':'" + "a".repeat(256) + "'}", "ValidationException").getMessage())
                        .isEqualTo("TableName must be at least 3 characters long and at most 255 characters long");
            }
            aggregated("DescribeTable", "{'TableName':'abc;'}", "Value 'abc;' at 'tableName' " + NAME_PATTERN);
            aggregated("DeleteTable", "{'TableName':'abc;'}", "Value 'abc;' at 'tableName' " + NAME_PATTERN);
        }
    }

    @Nested class AttributeValuesBeforeTheTable {
        @Test void anUnsupportedKeyTypeOnAMissingTableIsAValidationException() {
            // dynalite test/batchGetItem.js "unsupported datatype in Key" (table abc does not exist);
            // it used to be ResourceNotFoundException in BatchGetItem and TransactGetItems.
            for (String value : new String[] {"{}", "{'a':''}", "{'M':{'a':{}}}", "{'L':[{}]}"}) {
                assertThat(fails("BatchGetItem", "{'RequestItems':{'abc':{'Keys':[{'a':" + value + "}]}}}", "ValidationException")
                        .getMessage()).isEqualTo(EMPTY_VALUE);
                assertThat(fails("TransactGetItems", "{'TransactItems':[{'Get':{'TableName':'abc','Key':{'a':" + value + "}}}]}",
                        "ValidationException").getMessage()).isEqualTo(EMPTY_VALUE);
            }
            assertThat(fails("BatchGetItem", "{'RequestItems':{'abc':{'Keys':[{'a':{'S':'a','N':'1'}}]}}}", "ValidationException")
                    .getMessage()).isEqualTo("Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes");
            // dynalite test/getItem.js, batchWriteItem.js, putItem.js: the same on the single-item and write paths.
            assertThat(fails("GetItem", "{'TableName':'abc','Key':{'a':{}}}", "ValidationException").getMessage()).isEqualTo(EMPTY_VALUE);
            assertThat(fails("BatchWriteItem", "{'RequestItems':{'abc':[{'PutRequest':{'Item':{'a':{}}}}]}}", "ValidationException")
                    .getMessage()).isEqualTo(EMPTY_VALUE);
            assertThat(fails("TransactWriteItems", "{'TransactItems':[{'Delete':{'TableName':'abc','Key':{'a':{}}}}]}",
                    "ValidationException").getMessage()).isEqualTo(EMPTY_VALUE);
        }

        @Test void aValidKeyOnAMissingTableIsResourceNotFound() {
            // dynalite test/batchGetItem.js "fetching exactly 100 keys and table does not exist".
            fails("BatchGetItem", "{'RequestItems':{'abc':{'Keys':[{'a':{'S':'x'}}]}}}", "ResourceNotFoundException");
            fails("TransactGetItems", "{'TransactItems':[{'Get':{'TableName':'abc','Key':{'a':{'S':'x'}}}}]}",
                    "ResourceNotFoundException");
        }
    }

    @Nested class EveryOperationsConstraints {
        @Test void itemWrites() {
            // dynalite test/putItem.js "incorrect attributes".
            aggregated("PutItem", "{'TableName':'abc;','ReturnConsumedCapacity':'hi','ReturnItemCollectionMetrics':'hi','ReturnValues':'hi'}",
                    "Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]",
                    "Value 'abc;' at 'tableName' " + NAME_PATTERN,
                    "Value null at 'item' " + NOT_NULL,
                    "Value 'hi' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]",
                    "Value 'hi' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]");
        }

        @Test void scanSegments() {
            // dynalite test/scan.js; the bounds: the service model (ScanSegment 0-999999, ScanTotalSegments 1-1000000).
            aggregated("Scan", "{'TableName':'abc','Segment':-1,'TotalSegments':-1}",
                    "Value '-1' at 'totalSegments' failed to satisfy constraint: Member must have value greater than or equal to 1",
                    "Value '-1' at 'segment' failed to satisfy constraint: Member must have value greater than or equal to 0");
            aggregated("Scan", "{'TableName':'abc','Segment':1000000,'TotalSegments':1000001}",
                    "Value '1000001' at 'totalSegments' failed to satisfy constraint: Member must have value less than or equal to 1000000",
                    "Value '1000000' at 'segment' failed to satisfy constraint: Member must have value less than or equal to 999999");
        }

        @Test void listTablesBounds() {
            // dynalite test/listTables.js.
            aggregated("ListTables", "{'ExclusiveStartTableName':'a;','Limit':500}",
                    "Value 'a;' at 'exclusiveStartTableName' " + NAME_PATTERN,
                    "Value 'a;' at 'exclusiveStartTableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
                    "Value '500' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100");
            aggregated("ListTables", "{'Limit':0}", "Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1");
            String name = "a".repeat(256);
            aggregated("ListTables", "{'ExclusiveStartTableName':'" + name + "'}",
                    "Value '" + name + "' at 'exclusiveStartTableName' failed to satisfy constraint: Member must have length less than or equal to 255");
        }

        @Test void tags() {
            // dynalite test/tagResource.js, untagResource.js ("null Tags", "null TagKeys"); the bounds: the
            // service model (TagKeyString 1-128, TagValueString 0-256); the pattern: API_Tag.
            aggregated("TagResource", "{'ResourceArn':'a:b:c:d:e:f/g'}", "Value null at 'tags' " + NOT_NULL);
            aggregated("UntagResource", "{'ResourceArn':'a:b:c:d:e:f/g'}", "Value null at 'tagKeys' " + NOT_NULL);
            aggregated("TagResource", "{'ResourceArn':'a:b:c:d:e:f/g','Tags':[{'Key':'','Value':'" + "v".repeat(257) + "'},{'Key':'k#','Value':'v'}]}",
                    "Value '' at 'tags.1.member.key' failed to satisfy constraint: Member must have length greater than or equal to 1",
                    "Value '" + "v".repeat(257) + "' at 'tags.1.member.value' failed to satisfy constraint: Member must have length less than or equal to 256",
                    "Value 'k#' at 'tags.2.member.key' failed to satisfy constraint: Member must satisfy regular expression pattern: ^([\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*)$");
            aggregated("UntagResource", "{'ResourceArn':'a:b:c:d:e:f/g','TagKeys':['" + "k".repeat(129) + "']}",
                    "Value '" + "k".repeat(129) + "' at 'tagKeys.1.member' failed to satisfy constraint: Member must have length less than or equal to 128");
            aggregated("ListTagsOfResource", "{'ResourceArn':''}",
                    "Value '' at 'resourceArn' failed to satisfy constraint: Member must have length greater than or equal to 1");
        }

        @Test void batches() {
            // dynalite test/batchWriteItem.js and batchGetItem.js: list positions in the paths, map keys and values.
            aggregated("BatchWriteItem", "{'RequestItems':{'abc':[{'PutRequest':{'Item':{'a':{'S':'x'}}}},{'DeleteRequest':{}}]}}",
                    "Value null at 'requestItems.abc.member.2.member.deleteRequest.key' " + NOT_NULL);
            aggregated("BatchGetItem", "{'RequestItems':{'a;':{'Keys':[{'a':{'S':'x'}}]}}}",
                    "Value '{a;={Keys=[{a={S=x}}]}}' at 'requestItems' failed to satisfy constraint: Map keys must satisfy constraint: "
                            + "[Member must have length less than or equal to 255, Member must have length greater than or equal to 3, "
                            + "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]");
            aggregated("BatchGetItem", "{'RequestItems':{'abc':{'Keys':[]}}}",
                    "Value '[]' at 'requestItems.abc.member.keys' failed to satisfy constraint: Member must have length greater than or equal to 1");
        }

        @Test void transactions() {
            // The service model: TransactItems 1 to 100, each action's required members, the token 1 to 36.
            aggregated("TransactWriteItems", "{'TransactItems':[{'Update':{'TableName':'abc','Key':{'a':{'S':'x'}}}}],'ClientRequestToken':''}",
                    "Value '' at 'clientRequestToken' failed to satisfy constraint: Member must have length greater than or equal to 1",
                    "Value null at 'transactItems.1.member.update.updateExpression' " + NOT_NULL);
            aggregated("TransactGetItems", "{'TransactItems':[{'Get':{'Key':{'a':{'S':'x'}}}}]}",
                    "Value null at 'transactItems.1.member.get.tableName' " + NOT_NULL);
            aggregated("TransactGetItems", "{'TransactItems':[]}",
                    "Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
        }
    }
}
