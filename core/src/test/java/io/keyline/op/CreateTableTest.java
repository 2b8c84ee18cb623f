package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class CreateTableTest {
    private final ControlPlane cp = new ControlPlane();

    private static final String KEY_P = "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}]";
    private static final String DEF_P = "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]";

    private ApiException fail(String body) { return cp.fail("CreateTable", "{" + body + "}"); }

    private static String gsiTable(String gsiDefs, String gsis) {
        return "'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY_P + ","
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}" + gsiDefs + "],"
                + "'GlobalSecondaryIndexes':[" + gsis + "]";
    }

    private static String lsiTable(String extraDefs, String lsis) {
        return "'TableName':'tbl','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'}"
                + extraDefs + "],'LocalSecondaryIndexes':[" + lsis + "]";
    }

    @Nested class Serialization {
        @Test void wrongJsonTypeIsSerializationException() {
            ApiException e = fail("'TableName':5," + KEY_P + "," + DEF_P);
            assertThat(e.name()).isEqualTo("SerializationException");
            assertThat(e.getMessage()).isEqualTo("NUMBER_VALUE cannot be converted to String");
        }

        @Test void nonStringNonKeyAttributeIsSerializationException() {
            ApiException e = fail(gsiTable(",{'AttributeName':'x','AttributeType':'S'}",
                    "{'IndexName':'hello','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'INCLUDE','NonKeyAttributes':['a',123]}}"));
            assertThat(e.name()).isEqualTo("SerializationException");
        }

        @Test void responseCarriesTheFullDescription() {
            Map<String, Object> d = map(cp.createSimple("tbl", true).get("TableDescription"));
            assertThat(d.get("TableName")).isEqualTo("tbl");
            assertThat(d.get("TableStatus")).isEqualTo("ACTIVE");
            assertThat(d.get("TableArn")).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/tbl");
            assertThat((String) d.get("TableId")).matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
            assertThat(d.get("CreationDateTime")).isEqualTo(new BigDecimal("1767225600.000"));
            assertThat(d.get("KeySchema")).isEqualTo(list(ControlPlane.request(
                    "{'k':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}]}").get("k")));
            assertThat(map(d.get("BillingModeSummary"))).containsEntry("BillingMode", "PAY_PER_REQUEST")
                    .containsEntry("LastUpdateToPayPerRequestDateTime", d.get("CreationDateTime"));
            assertThat(map(d.get("ProvisionedThroughput"))).containsEntry("ReadCapacityUnits", BigDecimal.ZERO)
                    .containsEntry("WriteCapacityUnits", BigDecimal.ZERO).containsEntry("NumberOfDecreasesToday", BigDecimal.ZERO);
            assertThat(d).containsEntry("ItemCount", BigDecimal.ZERO).containsEntry("TableSizeBytes", BigDecimal.ZERO)
                    .containsEntry("DeletionProtectionEnabled", false)
                    .doesNotContainKeys("SSEDescription", "StreamSpecification", "RestoreSummary", "LocalSecondaryIndexes");
        }
    }

    @Nested class Validation {
        @Test void tableNameRules() {
            // dynalite test/createTable.js, recorded against DynamoDB.
            assertThat(fail(KEY_P + "," + DEF_P).getMessage())
                    .isEqualTo("The parameter 'TableName' is required but was not present in the request");
            assertThat(fail("'TableName':'nn'," + KEY_P + "," + DEF_P).getMessage())
                    .isEqualTo("TableName must be at least 3 characters long and at most 255 characters long");
            assertThat(fail("'TableName':'" + ControlPlane.repeat('n', 256) + "'," + KEY_P + "," + DEF_P).name())
                    .isEqualTo("ValidationException");
            assertThat(fail("'TableName':'nyh@test','BillingMode':'PAY_PER_REQUEST'," + KEY_P + "," + DEF_P).getMessage())
                    .isEqualTo("1 validation error detected: Value 'nyh@test' at 'tableName' failed to satisfy constraint: "
                            + "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
        }

        @Test void constraintsAreAggregated() {
            ApiException e = fail("'TableName':'tbl','BillingMode':'unknown','KeySchema':[{'AttributeName':'k','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'k','AttributeType':'Q'}]");
            assertThat(e.type()).isEqualTo("com.amazon.coral.validate#ValidationException");
            assertThat(e.getMessage()).isEqualTo("2 validation errors detected: "
                    + "Value 'Q' at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: "
                    + "Member must satisfy enum value set: [B, N, S]; "
                    + "Value 'unknown' at 'billingMode' failed to satisfy constraint: "
                    + "Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]");
        }

        @Test void missingAttributeDefinitionsAndMembers() {
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY_P).getMessage())
                    .contains("Value null at 'attributeDefinitions' failed to satisfy constraint: Member must not be null");
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY_P
                    + ",'AttributeDefinitions':[{'AttributeType':'S'}]").getMessage())
                    .contains("Value null at 'attributeDefinitions.1.member.attributeName'");
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY_P
                    + ",'AttributeDefinitions':[{'AttributeName':'p'}]").getMessage())
                    .contains("Value null at 'attributeDefinitions.1.member.attributeType'");
        }

        @Test void forbiddenKeyTypesAreNamedInTheMessage() {
            for (String t : new String[] {"BOOL", "BS", "L", "M", "NS", "NULL", "SS"}) {
                assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY_P
                        + ",'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'" + t + "'}]").getMessage())
                        .contains("'" + t + "'");
            }
        }

        @Test void keySchemaRules() {
            String defs = ",'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'}]";
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
                    + "{'AttributeName':'c','KeyType':'HASH'}]" + defs).getMessage())
                    .isEqualTo("Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'RANGE'},"
                    + "{'AttributeName':'c','KeyType':'RANGE'}]" + defs).getMessage())
                    .isEqualTo("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
                    + "{'AttributeName':'p','KeyType':'RANGE'}]" + defs).getMessage())
                    .isEqualTo("Both the Hash Key and the Range Key element in the KeySchema have the same name");
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
                    + "{'AttributeName':'c','KeyType':'RANGE'},{'AttributeName':'z','KeyType':'RANGE'}]" + defs).getMessage())
                    .contains("at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2");
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'c','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'z','AttributeType':'S'}]").getMessage())
                    .isEqualTo("One or more parameter values were invalid: Some index key attributes are not defined in "
                            + "AttributeDefinitions. Keys: [c], AttributeDefinitions: [z]");
        }

        @Test void definitionsMustBeUsedAndUnique() {
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY_P
                    + ",'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'}]")
                    .getMessage()).isEqualTo("One or more parameter values were invalid: Number of attributes in KeySchema does "
                    + "not exactly match number of attributes defined in AttributeDefinitions");
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'xyz','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'xyz','AttributeType':'S'},{'AttributeName':'xyz','AttributeType':'N'}]")
                    .getMessage()).matches(".*uplicate.*xyz.*");
            assertThat(fail(gsiTable(",{'AttributeName':'x','AttributeType':'S'},{'AttributeName':'y','AttributeType':'S'}",
                    "{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}"))
                    .getMessage()).contains("AttributeDefinitions");
        }

        @Test void keyAttributeNamesAreAtMost255Characters() {
            String name = ControlPlane.repeat('a', 256);
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'" + name
                    + "','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'short','AttributeType':'S'}]").getMessage())
                    .contains("at 'keySchema.1.member.attributeName' failed to satisfy constraint: "
                            + "Member must have length less than or equal to 255");
            assertThat(fail(gsiTable(",{'AttributeName':'x','AttributeType':'S'}",
                    "{'IndexName':'gsi','KeySchema':[{'AttributeName':'" + name + "','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}"))
                    .getMessage()).contains("'globalSecondaryIndexes.1.member.keySchema.1.member.attributeName'").contains("255");
        }

        @Test void billingModeRules() {
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','ProvisionedThroughput':{'ReadCapacityUnits':1,"
                    + "'WriteCapacityUnits':1}," + KEY_P + "," + DEF_P).getMessage())
                    .isEqualTo("One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits "
                            + "can be specified when BillingMode is PAY_PER_REQUEST");
            assertThat(fail("'TableName':'tbl'," + KEY_P + "," + DEF_P).getMessage())
                    .isEqualTo("No provisioned throughput specified for the table");
            assertThat(fail("'TableName':'tbl','BillingMode':'PROVISIONED','ProvisionedThroughput':{'ReadCapacityUnits':5},"
                    + KEY_P + "," + DEF_P).getMessage())
                    .isEqualTo("1 validation error detected: Value null at 'provisionedThroughput.writeCapacityUnits' "
                            + "failed to satisfy constraint: Member must not be null");
            assertThat(fail("'TableName':'tbl','ProvisionedThroughput':{'ReadCapacityUnits':0,'WriteCapacityUnits':1},"
                    + KEY_P + "," + DEF_P).getMessage())
                    .contains("Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: "
                            + "Member must have value greater than or equal to 1");
            ApiException tooMuch = fail("'TableName':'tbl','ProvisionedThroughput':{'ReadCapacityUnits':40001,'WriteCapacityUnits':1},"
                    + KEY_P + "," + DEF_P);
            assertThat(tooMuch.name()).isEqualTo("LimitExceededException");
        }

        @Test void localIndexRules() {
            String p = "{'AttributeName':'p','KeyType':'HASH'}";
            assertThat(fail(lsiTable(",{'AttributeName':'b','AttributeType':'S'}", "{'IndexName':'hello','KeySchema':["
                    + "{'AttributeName':'b','KeyType':'HASH'},{'AttributeName':'p','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}"))
                    .getMessage()).isEqualTo("One or more parameter values were invalid: Index KeySchema does not have the same "
                    + "leading hash key as table KeySchema for index: hello. index hash key: b, table hash key: p");
            assertThat(fail(lsiTable("", "{'IndexName':'hello','KeySchema':[" + p + ",{'AttributeName':'p','KeyType':'RANGE'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}")).getMessage()).contains("same name");
            assertThat(fail(lsiTable("", "{'IndexName':'hello','KeySchema':[" + p + "],'Projection':{'ProjectionType':'ALL'}}"))
                    .getMessage()).isEqualTo("One or more parameter values were invalid: Index KeySchema does not have a range key for index: hello");
            assertThat(fail(lsiTable(",{'AttributeName':'l','AttributeType':'S'}", "{'IndexName':'lsi','KeySchema':[" + p
                    + ",{'AttributeName':'c','KeyType':'RANGE'},{'AttributeName':'l','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}"))
                    .getMessage()).contains("Member must have length less than or equal to 2");
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY_P + ",'AttributeDefinitions':["
                    + "{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'}],'LocalSecondaryIndexes':["
                    + "{'IndexName':'hello','KeySchema':[" + p + ",{'AttributeName':'c','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}]")
                    .getMessage()).isEqualTo("One or more parameter values were invalid: Table KeySchema does not have a range key, "
                    + "which is required when specifying a LocalSecondaryIndex");
            StringBuilder six = new StringBuilder();
            for (int i = 0; i < 6; i++) {
                six.append(i == 0 ? "" : ",").append("{'IndexName':'lsi").append(i).append("','KeySchema':[").append(p)
                        .append(",{'AttributeName':'c','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}");
            }
            assertThat(fail(lsiTable("", six.toString())).getMessage())
                    .isEqualTo("One or more parameter values were invalid: Number of LocalSecondaryIndexes exceeds per-table limit of 5");
        }

        @Test void globalIndexRules() {
            String x = ",{'AttributeName':'x','AttributeType':'S'}";
            assertThat(fail(gsiTable("", "{'IndexName':'hello','KeySchema':[{'AttributeName':'c','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}")).getMessage()).contains("AttributeDefinitions");
            assertThat(fail(gsiTable(x, "{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'RANGE'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}")).getMessage()).contains("HASH");
            assertThat(fail(gsiTable(x + ",{'AttributeName':'y','AttributeType':'S'}",
                    "{'IndexName':'index1','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}},"
                    + "{'IndexName':'index1','KeySchema':[{'AttributeName':'y','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}"))
                    .getMessage()).isEqualTo("One or more parameter values were invalid: Duplicate index name: index1");
            assertThat(fail(gsiTable(",{'AttributeName':'a','AttributeType':'S'},{'AttributeName':'b','AttributeType':'S'},"
                    + "{'AttributeName':'c','AttributeType':'S'}", "{'IndexName':'gsi','KeySchema':[{'AttributeName':'a','KeyType':'HASH'},"
                    + "{'AttributeName':'b','KeyType':'RANGE'},{'AttributeName':'c','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}"))
                    .getMessage()).matches(".*HASH.*precede.*RANGE.*");
            StringBuilder defs = new StringBuilder();
            StringBuilder keys = new StringBuilder();
            for (int i = 0; i < 5; i++) {
                defs.append(",{'AttributeName':'a").append(i).append("','AttributeType':'S'}");
                keys.append(i == 0 ? "" : ",").append("{'AttributeName':'a").append(i).append("','KeyType':'HASH'}");
            }
            assertThat(fail(gsiTable(defs.toString(), "{'IndexName':'gsi','KeySchema':[" + keys + "],'Projection':{'ProjectionType':'ALL'}}"))
                    .getMessage()).contains("HASH");
            assertThat(fail(gsiTable(",{'AttributeName':'a','AttributeType':'S'},{'AttributeName':'b','AttributeType':'S'}",
                    "{'IndexName':'gsi','KeySchema':[{'AttributeName':'a','KeyType':'HASH'},{'AttributeName':'b','KeyType':'HASH'},"
                    + "{'AttributeName':'a','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}")).getMessage()).contains("same name");
            assertThat(fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY_P + ",'AttributeDefinitions':["
                    + "{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],'LocalSecondaryIndexes':null,"
                    + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'},'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1}}]")
                    .getMessage()).isEqualTo("One or more parameter values were invalid: ProvisionedThroughput should not be "
                    + "specified for index: gsi when BillingMode is PAY_PER_REQUEST");
        }

        @Test void indexNamesFollowTableNameRules() {
            for (String n : new String[] {"n", "nn"}) {
                assertThat(fail(gsiTable("", "{'IndexName':'" + n + "','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                        + "'Projection':{'ProjectionType':'ALL'}}")).getMessage())
                        .contains("at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: "
                                + "Member must have length greater than or equal to 3");
            }
            assertThat(fail(gsiTable("", "{'IndexName':'nyh@test','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}")).getMessage()).contains("Value 'nyh@test'");
            assertThat(fail(gsiTable("", "{'IndexName':'" + ControlPlane.repeat('n', 256) + "','KeySchema':[{'AttributeName':'p',"
                    + "'KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}")).getMessage())
                    .contains("nnnnn").contains("less than or equal to 255");
        }

        @Test void projectionRules() {
            String x = ",{'AttributeName':'x','AttributeType':'S'}";
            String idx = "{'IndexName':'hello','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],'Projection':";
            assertThat(fail(gsiTable(x, idx + "{'ProjectionType':'ALL','NonKeyAttributes':['a']}}")).getMessage())
                    .isEqualTo("One or more parameter values were invalid: ProjectionType is ALL, but NonKeyAttributes is specified");
            assertThat(fail(gsiTable(x, idx + "{'ProjectionType':'KEYS_ONLY','NonKeyAttributes':['a','b']}}")).getMessage())
                    .contains("NonKeyAttributes");
            assertThat(fail(gsiTable(x, idx + "{'ProjectionType':'INCLUDE'}}")).getMessage()).contains("NonKeyAttributes");
            assertThat(fail(gsiTable(x, idx + "{'ProjectionType':'INCLUDE','NonKeyAttributes':['a','a']}}")).getMessage())
                    .contains("Duplicate");
            assertThat(fail(gsiTable(x, idx + "{'ProjectionType':'nonsense'}}")).getMessage()).contains("'nonsense'");
            assertThat(fail(gsiTable(x, idx + "{}}")).getMessage())
                    .isEqualTo("One or more parameter values were invalid: Unknown ProjectionType: null");
            assertThat(fail(gsiTable(x, idx + "{'ProjectionType':'INCLUDE','NonKeyAttributes':['" + ControlPlane.repeat('z', 256)
                    + "']}}")).getMessage()).contains("255");
        }

        @Test void tagRules() {
            StringBuilder tags = new StringBuilder();
            for (int i = 0; i < 51; i++) tags.append(i == 0 ? "" : ",").append("{'Key':'k").append(i).append("','Value':'v'}");
            ApiException e = fail("'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY_P + "," + DEF_P + ",'Tags':[" + tags + "]");
            assertThat(e.name()).isEqualTo("ValidationException");
            assertThat(cp.engine.catalog().get("tbl")).isNull();
        }
    }

    @Nested class Behaviour {
        @Test void existingTableIsResourceInUse() {
            cp.createSimple("tbl", false);
            ApiException e = cp.fail("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY_P + "," + DEF_P + "}");
            assertThat(e.name()).isEqualTo("ResourceInUseException");
            assertThat(e.getMessage()).isEqualTo("Table already exists: tbl");
        }

        @Test void indexesAreDescribedAsCreated() {
            Map<String, Object> d = map(cp.call("CreateTable", "{" + lsiTable(",{'AttributeName':'x','AttributeType':'S'}",
                    "{'IndexName':'lsi','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'x','KeyType':'RANGE'}],"
                    + "'Projection':{'ProjectionType':'KEYS_ONLY'}}") + ",'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':"
                    + "[{'AttributeName':'x','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],'Projection':"
                    + "{'ProjectionType':'INCLUDE','NonKeyAttributes':['a','b']}}]}").get("TableDescription"));
            Map<String, Object> lsi = map(list(d.get("LocalSecondaryIndexes")).get(0));
            assertThat(lsi.get("IndexArn")).isEqualTo(d.get("TableArn") + "/index/lsi");
            assertThat(lsi).doesNotContainKeys("IndexStatus", "ProvisionedThroughput").containsKeys("ItemCount", "IndexSizeBytes");
            assertThat(lsi.get("Projection")).isEqualTo(Map.of("ProjectionType", "KEYS_ONLY"));
            Map<String, Object> gsi = map(list(d.get("GlobalSecondaryIndexes")).get(0));
            assertThat(gsi.get("IndexStatus")).isEqualTo("ACTIVE");
            assertThat(gsi.get("IndexArn")).isEqualTo(d.get("TableArn") + "/index/gsi");
            assertThat(map(gsi.get("Projection")).get("NonKeyAttributes")).isEqualTo(java.util.List.of("a", "b"));
            assertThat(list(d.get("AttributeDefinitions"))).hasSize(3);
        }

        @Test void multiAttributeGsiKeysAreKeptInOrder() {
            Map<String, Object> d = map(cp.call("CreateTable", "{" + gsiTable(",{'AttributeName':'h','AttributeType':'S'},"
                    + "{'AttributeName':'r1','AttributeType':'N'},{'AttributeName':'r2','AttributeType':'B'}",
                    "{'IndexName':'idx','KeySchema':[{'AttributeName':'h','KeyType':'HASH'},{'AttributeName':'r1','KeyType':'RANGE'},"
                    + "{'AttributeName':'r2','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}") + "}").get("TableDescription"));
            assertThat(list(map(list(d.get("GlobalSecondaryIndexes")).get(0)).get("KeySchema"))).extracting(k -> map(k).get("AttributeName"))
                    .containsExactly("h", "r1", "r2");
            assertThat(cp.engine.catalog().get("tbl").globalIndexes().get(0).keySchema().range()).hasSize(2);
        }

        @Test void provisionedTableReportsItsUnitsWithoutBillingSummary() {
            Map<String, Object> d = map(cp.call("CreateTable", "{'TableName':'tbl','ProvisionedThroughput':{'ReadCapacityUnits':2,"
                    + "'WriteCapacityUnits':3}," + KEY_P + "," + DEF_P + "}").get("TableDescription"));
            assertThat(map(d.get("ProvisionedThroughput"))).containsEntry("ReadCapacityUnits", BigDecimal.valueOf(2))
                    .containsEntry("WriteCapacityUnits", BigDecimal.valueOf(3));
            assertThat(d).doesNotContainKey("BillingModeSummary");
            // warm throughput exists for every table; a provisioned one is warm for its units (docs/RULES.md#CAP-WARM-THROUGHPUT)
            assertThat(map(d.get("WarmThroughput"))).containsEntry("ReadUnitsPerSecond", BigDecimal.valueOf(2))
                    .containsEntry("WriteUnitsPerSecond", BigDecimal.valueOf(3)).containsEntry("Status", "ACTIVE");
        }

        @Test void streamsSseAndTagsAreKept() {
            Map<String, Object> d = map(cp.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY_P + "," + DEF_P
                    + ",'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'NEW_IMAGE'},'SSESpecification':{'Enabled':true},"
                    + "'TableClass':'STANDARD_INFREQUENT_ACCESS','DeletionProtectionEnabled':true,'Tags':[{'Key':'k','Value':'v'}]}")
                    .get("TableDescription"));
            // the setting is kept, and the stream it made is reported (docs/RULES.md#STREAM-ENABLE)
            assertThat(map(d.get("StreamSpecification"))).containsEntry("StreamEnabled", true).containsEntry("StreamViewType", "NEW_IMAGE");
            assertThat(d).containsKeys("LatestStreamArn", "LatestStreamLabel");
            assertThat(map(d.get("SSEDescription"))).containsEntry("Status", "ENABLED").containsEntry("SSEType", "KMS");
            // the AWS managed key by its alias: Keyline holds no key, so it invents no key id
            assertThat((String) map(d.get("SSEDescription")).get("KMSMasterKeyArn")).startsWith("arn:aws:kms:")
                    .endsWith(":alias/aws/dynamodb");
            assertThat(map(d.get("TableClassSummary"))).containsEntry("TableClass", "STANDARD_INFREQUENT_ACCESS");
            assertThat(d.get("DeletionProtectionEnabled")).isEqualTo(true);
            assertThat(cp.engine.catalog().get("tbl").tags()).containsEntry("k", "v");
        }

        @Test void aKmsKeyTheClientNamedIsReportedAsItsArn() {
            Map<String, Object> d = map(cp.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY_P + "," + DEF_P
                    + ",'SSESpecification':{'Enabled':true,'SSEType':'KMS','KMSMasterKeyId':'alias/mine'}}").get("TableDescription"));
            assertThat((String) map(d.get("SSEDescription")).get("KMSMasterKeyArn")).matches("arn:aws:kms:[^:]+:[0-9]+:alias/mine");
        }

        @Test void disabledStreamAndSseAreAsIfAbsent() {
            Map<String, Object> d = map(cp.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY_P + "," + DEF_P
                    + ",'StreamSpecification':{'StreamEnabled':false},'SSESpecification':{'Enabled':false}}").get("TableDescription"));
            assertThat(d).doesNotContainKeys("StreamSpecification", "LatestStreamArn", "SSEDescription");
        }

        @Test void createDelayKeepsTheTableCreatingUntilItPasses() {
            ControlPlane slow = new ControlPlane(io.keyline.engine.config.Settings.defaults()
                    .withTableCreateDelay(java.time.Duration.ofSeconds(5)));
            assertThat(map(slow.createSimple("tbl", false).get("TableDescription")).get("TableStatus")).isEqualTo("CREATING");
            assertThat(slow.describe("tbl").get("TableStatus")).isEqualTo("CREATING");
            slow.clock.advance(java.time.Duration.ofSeconds(5));
            assertThat(slow.describe("tbl").get("TableStatus")).isEqualTo("ACTIVE");
        }
    }
}
