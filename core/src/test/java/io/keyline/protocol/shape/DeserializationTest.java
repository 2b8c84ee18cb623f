package io.keyline.protocol.shape;

import static io.keyline.protocol.shape.ShapeChecks.passes;
import static io.keyline.protocol.shape.ShapeChecks.request;
import static io.keyline.protocol.shape.ShapeChecks.serialization;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The first check: each member's JSON type against its shape. Unless a test says otherwise, the
 * texts are those dynalite's suite asserts against DynamoDB itself (test/helpers.js,
 * {@code assertType}, run with REMOTE=1), for the member named in the test.
 */
class DeserializationTest {
    private static final String KEY_SCHEMA = "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}]";

    @Nested class StringMembers {
        @Test void everyOtherScalarNamesItsToken() {
            assertThat(serialization("ListTables", "{'ExclusiveStartTableName':true}")).isEqualTo("TRUE_VALUE cannot be converted to String");
            assertThat(serialization("ListTables", "{'ExclusiveStartTableName':false}")).isEqualTo("FALSE_VALUE cannot be converted to String");
            assertThat(serialization("ListTables", "{'ExclusiveStartTableName':23}")).isEqualTo("NUMBER_VALUE cannot be converted to String");
            assertThat(serialization("ListTables", "{'ExclusiveStartTableName':2147483648}")).isEqualTo("NUMBER_VALUE cannot be converted to String");
            assertThat(serialization("ListTables", "{'ExclusiveStartTableName':34.56}")).isEqualTo("DECIMAL_VALUE cannot be converted to String");
        }

        @Test void anExponentIsADecimal() {
            // [inf] a JSON number with an exponent is a floating-point token to a streaming parser.
            assertThat(serialization("Scan", "{'TableName':'ttt','IndexName':1e3}")).isEqualTo("DECIMAL_VALUE cannot be converted to String");
        }

        @Test void containers() {
            assertThat(serialization("ListTables", "{'ExclusiveStartTableName':[]}")).isEqualTo("Unrecognized collection type class java.lang.String");
            assertThat(serialization("ListTables", "{'ExclusiveStartTableName':{}}")).isEqualTo("Start of structure or map found where not expected");
        }

        @Test void nestedStringsToo() {
            assertThat(serialization("CreateTable", "{'TableName':'ttt','BillingMode':5}")).isEqualTo("NUMBER_VALUE cannot be converted to String");
            assertThat(serialization("CreateTable", "{'TableName':'ttt','KeySchema':[{'AttributeName':'p','KeyType':true}]}"))
                    .isEqualTo("TRUE_VALUE cannot be converted to String");
            assertThat(serialization("CreateTable", "{'TableName':'ttt','GlobalSecondaryIndexes':[{'IndexName':'i'," + KEY_SCHEMA
                    + ",'Projection':{'ProjectionType':'INCLUDE','NonKeyAttributes':['a',123]}}]}"))
                    .isEqualTo("NUMBER_VALUE cannot be converted to String");
            assertThat(serialization("Scan", "{'TableName':'ttt','ExclusiveStartKey':{'pk':{'S':123}}}")).isEqualTo("NUMBER_VALUE cannot be converted to String");
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':{'p':{'S':'a'},'n':{'N':3}}}")).isEqualTo("NUMBER_VALUE cannot be converted to String");
            assertThat(serialization("PutItem", "{'TableName':'ttt','ExpressionAttributeNames':{'#a':7}}")).isEqualTo("NUMBER_VALUE cannot be converted to String");
            assertThat(serialization("UntagResource", "{'ResourceArn':'arn','TagKeys':[1]}")).isEqualTo("NUMBER_VALUE cannot be converted to String");
        }
    }

    @Nested class NumberMembers {
        @Test void integer() {
            assertThat(serialization("ListTables", "{'Limit':'23'}")).isEqualTo("STRING_VALUE cannot be converted to Integer");
            assertThat(serialization("ListTables", "{'Limit':true}")).isEqualTo("TRUE_VALUE cannot be converted to Integer");
            assertThat(serialization("ListTables", "{'Limit':false}")).isEqualTo("FALSE_VALUE cannot be converted to Integer");
            assertThat(serialization("ListTables", "{'Limit':[]}")).isEqualTo("Unrecognized collection type class java.lang.Integer");
            assertThat(serialization("ListTables", "{'Limit':{}}")).isEqualTo("Start of structure or map found where not expected");
        }

        @Test void longIsNamedLong() {
            assertThat(serialization("CreateTable", "{'TableName':'ttt','ProvisionedThroughput':{'ReadCapacityUnits':'5','WriteCapacityUnits':5}}"))
                    .isEqualTo("STRING_VALUE cannot be converted to Long");
            assertThat(serialization("UpdateTable", "{'TableName':'ttt','ProvisionedThroughput':{'WriteCapacityUnits':[]}}"))
                    .isEqualTo("Unrecognized collection type class java.lang.Long");
        }

        @Test void anyNumberPassesDeserialization() {
            // Ranges are constraints, checked after; a fraction is no SerializationException
            // (dynalite truncates it, as DynamoDB's deserializer reads it) [inf].
            passes("ListTables", "{'Limit':5.5}");
            passes("Query", "{'TableName':'ttt','Limit':99999999999}");
        }
    }

    @Nested class BooleanMembers {
        @Test void numbersAndContainers() {
            assertThat(serialization("GetItem", "{'TableName':'ttt','ConsistentRead':23}")).isEqualTo("NUMBER_VALUE cannot be converted to Boolean");
            assertThat(serialization("GetItem", "{'TableName':'ttt','ConsistentRead':34.56}")).isEqualTo("DECIMAL_VALUE cannot be converted to Boolean");
            assertThat(serialization("GetItem", "{'TableName':'ttt','ConsistentRead':[]}")).isEqualTo("Unrecognized collection type class java.lang.Boolean");
            assertThat(serialization("GetItem", "{'TableName':'ttt','ConsistentRead':{}}")).isEqualTo("Start of structure or map found where not expected");
        }

        @Test void aStringIsAParserError() {
            assertThat(serialization("GetItem", "{'TableName':'ttt','ConsistentRead':'23'}")).isEqualTo("Unexpected token received from parser");
            assertThat(serialization("Query", "{'TableName':'ttt','ScanIndexForward':'no'}")).isEqualTo("Unexpected token received from parser");
        }

        @Test void exceptTheWordsTrueAndFalseWhichAreReadAsBooleans() {
            // [inf] dynalite's notes on DynamoDB ('true'/'false' convert) and another emulator's recordings.
            Map<String, Object> r = request("{'TableName':'ttt','ConsistentRead':'TRUE','ScanIndexForward':'false'}");
            ShapeChecks.SHAPES.deserialize("Query", r);
            assertThat(r).containsEntry("ConsistentRead", Boolean.TRUE).containsEntry("ScanIndexForward", Boolean.FALSE);
        }

        @Test void attributeValueBooleans() {
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':{'a':{'BOOL':1}}}")).isEqualTo("NUMBER_VALUE cannot be converted to Boolean");
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':{'a':{'NULL':'yes'}}}")).isEqualTo("Unexpected token received from parser");
        }
    }

    @Nested class BlobMembers {
        @Test void onlyStrings() {
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':{'a':{'B':5}}}")).isEqualTo("only base-64-encoded strings are convertible to bytes");
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':{'a':{'B':true}}}")).isEqualTo("only base-64-encoded strings are convertible to bytes");
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':{'a':{'B':[]}}}")).isEqualTo("Unrecognized collection type class java.nio.ByteBuffer");
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':{'a':{'B':{}}}}")).isEqualTo("Start of structure or map found where not expected");
        }

        @Test void deepInsideAttributeValues() {
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':{'a':{'M':{'b':{'L':[{'BS':['YQ==',7]}]}}}}}"))
                    .isEqualTo("only base-64-encoded strings are convertible to bytes");
        }
    }

    @Nested class ListMembers {
        @Test void aScalarIsAnUnexpectedFieldType() {
            assertThat(serialization("CreateTable", "{'TableName':'ttt','KeySchema':'23'}")).isEqualTo("Unexpected field type");
            assertThat(serialization("CreateTable", "{'TableName':'ttt','KeySchema':true}")).isEqualTo("Unexpected field type");
            assertThat(serialization("CreateTable", "{'TableName':'ttt','AttributeDefinitions':23}")).isEqualTo("Unexpected field type");
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':{'a':{'SS':'x'}}}")).isEqualTo("Unexpected field type");
        }

        @Test void anObjectIsAStartOfStructure() {
            assertThat(serialization("TransactWriteItems", "{'TransactItems':{'Put':{}}}")).isEqualTo("Start of structure or map found where not expected");
            assertThat(serialization("TagResource", "{'ResourceArn':'arn','Tags':{'Key':'a'}}")).isEqualTo("Start of structure or map found where not expected");
        }

        @Test void aListAsAMapValueFailsItsGenericCast() {
            assertThat(serialization("BatchWriteItem", "{'RequestItems':{'t':5}}")).isEqualTo(Deserialization.PARAMETERIZED_CAST);
            assertThat(serialization("BatchWriteItem", "{'RequestItems':{'t':'x'}}")).startsWith(
                    "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class java.lang.Class");
            assertThat(serialization("BatchWriteItem", "{'RequestItems':{'t':{'PutRequest':{}}}}")).isEqualTo("Start of structure or map found where not expected");
        }

        @Test void soDoesAMapAsAListElement() {
            // dynalite's "ParameterizedMap" recording: a map that is not a structure's member.
            assertThat(serialization("BatchGetItem", "{'RequestItems':{'t':{'Keys':[5]}}}")).isEqualTo(Deserialization.PARAMETERIZED_CAST);
            assertThat(serialization("BatchGetItem", "{'RequestItems':{'t':{'Keys':[[]]}}}"))
                    .isEqualTo("Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>");
        }
    }

    @Nested class MapMembers {
        @Test void aScalarIsAnUnexpectedFieldType() {
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':23}")).isEqualTo("Unexpected field type");
            assertThat(serialization("Scan", "{'TableName':'ttt','ExpressionAttributeNames':5}")).isEqualTo("Unexpected field type");
            assertThat(serialization("GetItem", "{'TableName':'ttt','Key':'x'}")).isEqualTo("Unexpected field type");
        }

        @Test void aListNamesTheJavaMapType() {
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':['x']}"))
                    .isEqualTo("Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>");
            assertThat(serialization("PutItem", "{'TableName':'ttt','ExpressionAttributeNames':[]}"))
                    .isEqualTo("Unrecognized collection type java.util.Map<java.lang.String, java.lang.String>");
            assertThat(serialization("BatchWriteItem", "{'RequestItems':[]}")).isEqualTo("Unrecognized collection type "
                    + "java.util.Map<java.lang.String, java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>>");
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':{'a':{'M':[]}}}"))
                    .isEqualTo("Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>");
        }
    }

    @Nested class StructureMembers {
        @Test void asAMemberAScalarIsAnUnexpectedFieldType() {
            assertThat(serialization("CreateTable", "{'TableName':'ttt','ProvisionedThroughput':23}")).isEqualTo("Unexpected field type");
            assertThat(serialization("UpdateTable", "{'TableName':'ttt','ProvisionedThroughput':'a'}")).isEqualTo("Unexpected field type");
            assertThat(serialization("PutItem", "{'TableName':'ttt','Expected':{'a':{'Value':23}}}")).isEqualTo("Unexpected field type");
            assertThat(serialization("BatchWriteItem", "{'RequestItems':{'t':[{'PutRequest':'x'}]}}")).isEqualTo("Unexpected field type");
        }

        @Test void asAnElementOrMapValueAScalarIsAnUnexpectedValueType() {
            assertThat(serialization("CreateTable", "{'TableName':'ttt','KeySchema':[23]}")).isEqualTo("Unexpected value type in payload");
            assertThat(serialization("UpdateTable", "{'TableName':'ttt','GlobalSecondaryIndexUpdates':['a']}")).isEqualTo("Unexpected value type in payload");
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':{'a':'23'}}")).isEqualTo("Unexpected value type in payload");
            assertThat(serialization("Query", "{'TableName':'ttt','KeyConditions':{'p':true}}")).isEqualTo("Unexpected value type in payload");
        }

        @Test void aListNamesTheModelClass() {
            assertThat(serialization("CreateTable", "{'TableName':'ttt','ProvisionedThroughput':[]}"))
                    .isEqualTo("Unrecognized collection type class com.amazonaws.dynamodb.v20120810.ProvisionedThroughput");
            assertThat(serialization("CreateTable", "{'TableName':'ttt','KeySchema':[[]]}"))
                    .isEqualTo("Unrecognized collection type class com.amazonaws.dynamodb.v20120810.KeySchemaElement");
            assertThat(serialization("PutItem", "{'TableName':'ttt','Item':{'a':[]}}"))
                    .isEqualTo("Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue");
            assertThat(serialization("TransactGetItems", "{'TransactItems':[{'Get':['x']}]}"))
                    .isEqualTo("Unrecognized collection type class com.amazonaws.dynamodb.v20120810.Get");
        }
    }

    @Nested class Order {
        @Test void theFirstWrongMemberInTheBodyIsReported() {
            // [inf] DynamoDB's deserializer reads the body as a stream and stops at its first error.
            assertThat(serialization("ListTables", "{'Limit':'5','ExclusiveStartTableName':5}")).isEqualTo("STRING_VALUE cannot be converted to Integer");
            assertThat(serialization("ListTables", "{'ExclusiveStartTableName':5,'Limit':'5'}")).isEqualTo("NUMBER_VALUE cannot be converted to String");
        }

        @Test void beforeAnyConstraintEvenWithoutATableName() {
            // Issue 13 section 3: a wrongly typed member of a request without TableName is a
            // SerializationException, not the ValidationException for the missing name.
            assertThat(serialization("GetItem", "{'Key':5}")).isEqualTo("Unexpected field type");
            assertThat(serialization("PutItem", "{'TableName':'','Item':{'a':{'S':1}}}")).isEqualTo("NUMBER_VALUE cannot be converted to String");
        }
    }

    @Nested class IgnoredInput {
        @Test void unknownMembersAndNullsAreIgnored() {
            // dynalite listTables.js: "random attributes" and "null attributes" return 200 from DynamoDB.
            passes("ListTables", "{'hi':'yo','stuff':'things'}");
            passes("ListTables", "{'ExclusiveStartTableName':null,'Limit':null}");
            passes("PutItem", "{'TableName':'ttt','Item':{'a':{'dog':5,'S':'x'}},'Unknown':[1]}");
        }

        @Test void operationsTheModelDoesNotDescribeAreLetThrough() {
            ShapeChecks.SHAPES.deserialize("NoSuchOperation", request("{'TableName':5}"));
        }
    }
}
