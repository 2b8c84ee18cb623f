package io.keyline.protocol.shape;

import io.keyline.op.request.Constraints;
import static io.keyline.protocol.shape.ShapeChecks.passes;
import static io.keyline.protocol.shape.ShapeChecks.validation;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The second check: the model's member constraints, aggregated. Sources, cited per test:
 * dynalite's suite as recorded against DynamoDB (test/*.js, assertValidation), Keyline's
 * operation tests whose texts come from those recordings, and the service model for bounds.
 */
class ConstraintCheckTest {
    private static final String PREFIX = "1 validation error detected: ";

    @Nested class ListTables {
        @Test void limitRange() {
            // dynalite listTables.js: "low Limit", "high Limit"; ListTablesTest.
            assertThat(validation("ListTables", "{'Limit':0}")).isEqualTo(PREFIX
                    + "Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1");
            assertThat(validation("ListTables", "{'Limit':101}")).isEqualTo(PREFIX
                    + "Value '101' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100");
            passes("ListTables", "{'Limit':1}");
            passes("ListTables", "{'Limit':100}");
        }

        @Test void exclusiveStartTableNameLength() {
            // dynalite listTables.js: "long ExclusiveStartTableName".
            String name = "a".repeat(256);
            assertThat(validation("ListTables", "{'ExclusiveStartTableName':'" + name + "'}")).isEqualTo(PREFIX
                    + "Value '" + name + "' at 'exclusiveStartTableName' failed to satisfy constraint: Member must have length less than or equal to 255");
            passes("ListTables", "{'ExclusiveStartTableName':'" + "a".repeat(255) + "'}");
        }

        @Test void everyViolationIsReportedInOneMessage() {
            // dynalite listTables.js: "short ExclusiveStartTableName" lists these three (in any order);
            // the order here is ours: members in the model's order, length before pattern.
            assertThat(validation("ListTables", "{'ExclusiveStartTableName':'a;','Limit':500}")).isEqualTo("3 validation errors detected: "
                    + "Value 'a;' at 'exclusiveStartTableName' failed to satisfy constraint: Member must have length greater than or equal to 3; "
                    + "Value 'a;' at 'exclusiveStartTableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; "
                    + "Value '500' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100");
            assertThat(validation("ListTables", "{'ExclusiveStartTableName':''}")).startsWith("2 validation errors detected: ");
        }
    }

    @Nested class Enums {
        @Test void listedInDynamoDbsOrder() {
            // CreateTableTest.constraintsAreAggregated (dynalite createTable.js "random attr definition").
            assertThat(validation("CreateTable", "{'TableName':'tbl','BillingMode':'unknown',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'Q'}]}"))
                    .isEqualTo("2 validation errors detected: "
                            + "Value 'Q' at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: "
                            + "Member must satisfy enum value set: [B, N, S]; "
                            + "Value 'unknown' at 'billingMode' failed to satisfy constraint: "
                            + "Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]");
        }

        @Test void selectAndLimitInMemberOrder() {
            // QueryTest (dynalite query.js).
            assertThat(validation("Query", "{'TableName':'tbl','Limit':0,'Select':'count'}")).isEqualTo("2 validation errors detected: "
                    + "Value 'count' at 'select' failed to satisfy constraint: Member must satisfy enum value set: "
                    + "[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]; "
                    + "Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1");
        }

        @Test void returnValuesAndComparisonOperators() {
            // UpdateItemTest, LegacyTest (dynalite updateItem.js, query.js).
            assertThat(validation("PutItem", "{'TableName':'ttt','Item':{'p':{'S':'a'}},'ReturnValues':'x'}")).isEqualTo(PREFIX
                    + "Value 'x' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: "
                    + "[ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
            assertThat(validation("Query", "{'TableName':'ttt','KeyConditions':{'p':{'ComparisonOperator':'eq','AttributeValueList':[{'S':'a'}]}}}"))
                    .isEqualTo(PREFIX + "Value 'eq' at 'keyConditions.p.member.comparisonOperator' failed to satisfy constraint: "
                            + "Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]");
            assertThat(validation("Scan", "{'TableName':'ttt','ConditionalOperator':'XOR'}")).isEqualTo(PREFIX
                    + "Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [AND, OR]");
        }

        @Test void aRecordedOrderGivesWayWhenTheModelAddsAValue() {
            assertThat(EnumOrder.of("ScalarAttributeType", java.util.List.of("S", "N", "B"))).containsExactly("B", "N", "S");
            assertThat(EnumOrder.of("ScalarAttributeType", java.util.List.of("S", "N", "B", "X"))).containsExactly("S", "N", "B", "X");
            assertThat(EnumOrder.of("BillingMode", java.util.List.of("PROVISIONED", "PAY_PER_REQUEST"))).containsExactly("PROVISIONED", "PAY_PER_REQUEST");
        }
    }

    @Nested class RequiredMembers {
        @Test void missingOrNullIsMemberMustNotBeNull() {
            // PutItemTest, DeleteItemTest, TagResourceTest, UntagResourceTest, BatchWriteItemTest.
            assertThat(validation("PutItem", "{'TableName':'ttt'}")).isEqualTo(PREFIX
                    + "Value null at 'item' failed to satisfy constraint: Member must not be null");
            assertThat(validation("DeleteItem", "{'TableName':'sss','Key':null}")).isEqualTo(PREFIX
                    + "Value null at 'key' failed to satisfy constraint: Member must not be null");
            assertThat(validation("UntagResource", "{'ResourceArn':'arn'}")).isEqualTo(PREFIX
                    + "Value null at 'tagKeys' failed to satisfy constraint: Member must not be null");
            assertThat(validation("BatchWriteItem", "{}")).isEqualTo(PREFIX
                    + "Value null at 'requestItems' failed to satisfy constraint: Member must not be null");
        }

        @Test void nestedRequiredMembers() {
            // TransactGetItemsTest, TransactWriteItemsTest, BatchGetItemTest (dynalite).
            assertThat(validation("TransactGetItems", "{'TransactItems':[{}]}")).isEqualTo(PREFIX
                    + "Value null at 'transactItems.1.member.get' failed to satisfy constraint: Member must not be null");
            assertThat(validation("TransactGetItems", "{'TransactItems':[{'Get':{'TableName':'tbl'}}]}"))
                    .contains("Value null at 'transactItems.1.member.get.key' failed to satisfy constraint: Member must not be null");
            assertThat(validation("TransactWriteItems", "{'TransactItems':[{'ConditionCheck':{'TableName':'tbl','Key':{'p':{'S':'a'}}}}]}"))
                    .isEqualTo(PREFIX + "Value null at 'transactItems.1.member.conditionCheck.conditionExpression' "
                            + "failed to satisfy constraint: Member must not be null");
            assertThat(validation("TransactWriteItems", "{'TransactItems':[{'Put':{'TableName':'ttt','Item':{'p':{'S':'a'}}}},"
                    + "{'Update':{'TableName':'tbl','Key':{'p':{'S':'b'}}}}]}"))
                    .contains("Value null at 'transactItems.2.member.update.updateExpression' failed to satisfy constraint: Member must not be null");
            assertThat(validation("BatchGetItem", "{'RequestItems':{'hash':{}}}"))
                    .isEqualTo(PREFIX + "Value null at 'requestItems.hash.member.keys' failed to satisfy constraint: Member must not be null");
            assertThat(validation("CreateTable", "{'TableName':'ttt','ProvisionedThroughput':{'ReadCapacityUnits':1}}"))
                    .isEqualTo(PREFIX + "Value null at 'provisionedThroughput.writeCapacityUnits' failed to satisfy constraint: Member must not be null");
        }

        @Test void aNullListElementToo() {
            // [inf] Keyline's SchemaInput reports a null AttributeDefinitions entry this way.
            assertThat(validation("CreateTable", "{'TableName':'ttt','AttributeDefinitions':[null]}")).isEqualTo(PREFIX
                    + "Value null at 'attributeDefinitions.1.member' failed to satisfy constraint: Member must not be null");
        }
    }

    @Nested class NestedPaths {
        private static final String GSI = "{'TableName':'ttt','GlobalSecondaryIndexes':[{'IndexName':'%s',"
                + "'KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],'Projection':%s}]}";

        @Test void aGlobalIndexProjection() {
            assertThat(validation("CreateTable", GSI.formatted("gsi", "{'ProjectionType':'SOME'}"))).isEqualTo(PREFIX
                    + "Value 'SOME' at 'globalSecondaryIndexes.1.member.projection.projectionType' failed to satisfy constraint: "
                    + "Member must satisfy enum value set: [ALL, INCLUDE, KEYS_ONLY]");
            assertThat(validation("CreateTable", GSI.formatted("gsi", "{'ProjectionType':'INCLUDE','NonKeyAttributes':['a','']}"))).isEqualTo(PREFIX
                    + "Value '' at 'globalSecondaryIndexes.1.member.projection.nonKeyAttributes.2.member' failed to satisfy constraint: "
                    + "Member must have length greater than or equal to 1");
            assertThat(validation("CreateTable", GSI.formatted("gsi", "null"))).isEqualTo(PREFIX
                    + "Value null at 'globalSecondaryIndexes.1.member.projection' failed to satisfy constraint: Member must not be null");
        }

        @Test void anIndexName() {
            // The model: IndexName is 3-255 characters of [a-zA-Z0-9_.-].
            assertThat(validation("CreateTable", GSI.formatted("a;", "{'ProjectionType':'ALL'}"))).isEqualTo("2 validation errors detected: "
                    + "Value 'a;' at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: "
                    + "Member must have length greater than or equal to 3; "
                    + "Value 'a;' at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: "
                    + "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
        }

        @Test void throughputRanges() {
            // CreateTableTest (dynalite createTable.js: "low ProvisionedThroughput").
            assertThat(validation("CreateTable", "{'TableName':'ttt','ProvisionedThroughput':{'ReadCapacityUnits':0,'WriteCapacityUnits':1}}"))
                    .isEqualTo(PREFIX + "Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: "
                            + "Member must have value greater than or equal to 1");
        }

        @Test void listsInsideMapValues() {
            // dynalite batchWriteItem.js: 'requestItems.aa;.member.1.member.deleteRequest.key'.
            assertThat(validation("BatchWriteItem", "{'RequestItems':{'hash':[{'PutRequest':{}},{'DeleteRequest':{}}]}}"))
                    .isEqualTo("2 validation errors detected: "
                            + "Value null at 'requestItems.hash.member.1.member.putRequest.item' failed to satisfy constraint: Member must not be null; "
                            + "Value null at 'requestItems.hash.member.2.member.deleteRequest.key' failed to satisfy constraint: Member must not be null");
        }

        @Test void mapValues() {
            // BatchGetItemTest (dynalite batchGetItem.js).
            assertThat(validation("BatchGetItem", "{'RequestItems':{'hash':{'Keys':[]}}}")).isEqualTo(PREFIX
                    + "Value '[]' at 'requestItems.hash.member.keys' failed to satisfy constraint: Member must have length greater than or equal to 1");
        }
    }

    @Nested class Lengths {
        @Test void listsAndMaps() {
            // TransactWriteItemsTest, BatchGetItemTest (dynalite).
            assertThat(validation("TransactWriteItems", "{'TransactItems':[]}")).isEqualTo(PREFIX
                    + "Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
            assertThat(validation("BatchGetItem", "{'RequestItems':{}}")).isEqualTo(PREFIX
                    + "Value '{}' at 'requestItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
            String many = IntStream.range(0, 101).mapToObj(i -> "{'Get':{'TableName':'ttt','Key':{'p':{'S':'" + i + "'}}}}")
                    .collect(Collectors.joining(","));
            assertThat(validation("TransactGetItems", "{'TransactItems':[" + many + "]}"))
                    .contains("at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100");
        }

        @Test void stringsCountCharacters() {
            // TransactWriteItemsTest: ClientRequestToken is at most 36.
            String token = "x".repeat(37);
            assertThat(validation("TransactWriteItems", "{'ClientRequestToken':'" + token + "','TransactItems':[{'Put':{'TableName':'ttt','Item':{}}}]}"))
                    .isEqualTo(PREFIX + "Value '" + token + "' at 'clientRequestToken' failed to satisfy constraint: "
                            + "Member must have length less than or equal to 36");
            passes("TransactWriteItems", "{'ClientRequestToken':'" + "\uD83D\uDE00".repeat(36) + "','TransactItems':[{'Put':{'TableName':'ttt','Item':{}}}]}");
        }

        @Test void mapKeys() {
            // The message form and the bounds: dynalite test/batchGetItem.js, recorded against DynamoDB; the
            // model's TableArn (1-1024) is checked as DynamoDB checks a table name (RecordedConstraints).
            String name = "t".repeat(256);
            assertThat(validation("BatchGetItem", "{'RequestItems':{'" + name + "':{'Keys':[{'p':{'S':'x'}}]}}}"))
                    .isEqualTo(PREFIX + "Value '{" + name + "={Keys=[{p={S=x}}]}}' at 'requestItems' failed to satisfy constraint: "
                            + "Map keys must satisfy constraint: [Member must have length less than or equal to 255, "
                            + "Member must have length greater than or equal to 3, "
                            + "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]");
        }

        @Test void mapValues() {
            // BatchWriteItemTest; dynalite batchWriteItem.js ("Map value must satisfy constraint").
            assertThat(validation("BatchWriteItem", "{'RequestItems':{'hash':[]}}")).isEqualTo(PREFIX
                    + "Value '{hash=[]}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: "
                    + "[Member must have length less than or equal to 25, Member must have length greater than or equal to 1]");
            String puts = IntStream.range(0, 26).mapToObj(i -> "{'PutRequest':{'Item':{'p':{'S':'k" + i + "'}}}}")
                    .collect(Collectors.joining(","));
            assertThat(validation("BatchWriteItem", "{'RequestItems':{'hash':[" + puts + "]}}")).startsWith(PREFIX + "Value '{hash=[{PutRequest=")
                    .endsWith("at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: "
                            + "[Member must have length less than or equal to 25, Member must have length greater than or equal to 1]");
        }

        @Test void numberRanges() {
            // ScanTest (dynalite scan.js).
            assertThat(validation("Scan", "{'TableName':'ttt','Segment':0,'TotalSegments':1000001}")).isEqualTo(PREFIX
                    + "Value '1000001' at 'totalSegments' failed to satisfy constraint: Member must have value less than or equal to 1000000");
            assertThat(validation("Scan", "{'TableName':'ttt','Segment':-1,'TotalSegments':1}")).isEqualTo(PREFIX
                    + "Value '-1' at 'segment' failed to satisfy constraint: Member must have value greater than or equal to 0");
        }
    }

    @Nested class Tags {
        private static String tag(String key, String value) {
            return "{'ResourceArn':'arn:aws:dynamodb:us-east-1:000000000000:table/t','Tags':[{'Key':'" + key + "','Value':'" + value + "'}]}";
        }

        @Test void keyAndValueLengths() {
            // The model: TagKeyString 1-128, TagValueString 0-256.
            assertThat(validation("TagResource", tag("", "v"))).isEqualTo(PREFIX
                    + "Value '' at 'tags.1.member.key' failed to satisfy constraint: Member must have length greater than or equal to 1");
            assertThat(validation("TagResource", tag("k".repeat(129), "v"))).isEqualTo(PREFIX + "Value '" + "k".repeat(129)
                    + "' at 'tags.1.member.key' failed to satisfy constraint: Member must have length less than or equal to 128");
            assertThat(validation("TagResource", tag("k", "v".repeat(257)))).isEqualTo(PREFIX + "Value '" + "v".repeat(257)
                    + "' at 'tags.1.member.value' failed to satisfy constraint: Member must have length less than or equal to 256");
            passes("TagResource", tag("k".repeat(128), ""));
        }

        @Test void requiredMembers() {
            // TagResourceTest; the model requires Key and Value.
            assertThat(validation("TagResource", "{'ResourceArn':'arn'}")).isEqualTo(PREFIX
                    + "Value null at 'tags' failed to satisfy constraint: Member must not be null");
            assertThat(validation("TagResource", "{'ResourceArn':'arn','Tags':[{'Key':'k'}]}")).isEqualTo(PREFIX
                    + "Value null at 'tags.1.member.value' failed to satisfy constraint: Member must not be null");
            assertThat(validation("TagResource", "{'Tags':[]}")).isEqualTo(PREFIX
                    + "Value null at 'resourceArn' failed to satisfy constraint: Member must not be null");
        }

        @Test void theArnHasLengthsOnly() {
            // The model gives ResourceArnString 1-1283 characters and no pattern: the ARN's form
            // (and the 50-tag limit) are the operation's semantic checks.
            assertThat(validation("ListTagsOfResource", "{'ResourceArn':''}")).isEqualTo(PREFIX
                    + "Value '' at 'resourceArn' failed to satisfy constraint: Member must have length greater than or equal to 1");
            passes("ListTagsOfResource", "{'ResourceArn':'not an arn'}");
        }
    }

    @Nested class Aggregation {
        @Test void atMostTenAreReported() {
            // dynalite validations/index.js stops at ten, as DynamoDB does; Constraints does too.
            String tags = IntStream.range(0, 12).mapToObj(i -> "{'Key':'','Value':'v'}").collect(Collectors.joining(","));
            String message = validation("TagResource", "{'ResourceArn':'arn','Tags':[" + tags + "]}");
            assertThat(message).startsWith("10 validation errors detected: Value '' at 'tags.1.member.key'");
            assertThat(message.split("; ")).hasSize(10);
            assertThat(message).endsWith("at 'tags.10.member.key' failed to satisfy constraint: Member must have length greater than or equal to 1");
        }

        @Test void aValidRequestPasses() {
            passes("PutItem", "{'TableName':'ttt','Item':{'p':{'S':'a'},'m':{'M':{'l':{'L':[{'N':'1'},{'NULL':true}]}}}},"
                    + "'ConditionExpression':'attribute_not_exists(p)','ReturnValues':'ALL_OLD'}");
            passes("CreateTable", "{'TableName':'ttt','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}");
        }

        @Test void violationsCanBeExtendedByTheOperation() {
            Violations v = ShapeChecks.SHAPES.constraints("ListTables", ShapeChecks.request("{'Limit':0}"));
            v.add("tableName", "a b", "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
            assertThat(v.toException().getMessage()).startsWith("2 validation errors detected: Value '0' at 'limit'")
                    .endsWith("Value 'a b' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
        }
    }
}
