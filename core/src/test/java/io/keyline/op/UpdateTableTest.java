package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.error.ApiException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class UpdateTableTest {
    private final ControlPlane cp = new ControlPlane();

    private static final String CREATE_X = "{'Create':{'IndexName':'%s','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
            + "'Projection':{'ProjectionType':'ALL'}}}";
    private static final String DEF_X = "'AttributeDefinitions':[{'AttributeName':'x','AttributeType':'S'}]";

    @BeforeEach void createTables() {
        cp.createSimple("ppr", false);
        cp.call("CreateTable", "{'TableName':'prov','ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5},"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}");
    }

    private Map<String, Object> update(String body) {
        return map(cp.call("UpdateTable", "{" + body + "}").get("TableDescription"));
    }

    private ApiException fail(String body) { return cp.fail("UpdateTable", "{" + body + "}"); }

    @Nested class Serialization {
        @Test void provisionedThroughputMustBeAStructure() {
            assertThat(fail("'TableName':'prov','ProvisionedThroughput':5").name()).isEqualTo("SerializationException");
        }

        @Test void returnsTheFullDescription() {
            Map<String, Object> d = update("'TableName':'prov','ProvisionedThroughput':{'ReadCapacityUnits':6,'WriteCapacityUnits':5}");
            assertThat(d).containsKeys("KeySchema", "AttributeDefinitions", "CreationDateTime");
            assertThat(map(d.get("ProvisionedThroughput"))).containsEntry("ReadCapacityUnits", BigDecimal.valueOf(6))
                    .containsKey("LastIncreaseDateTime").doesNotContainKey("LastDecreaseDateTime");
        }
    }

    @Nested class Validation {
        @Test void emptyUpdateIsRejected() {
            assertThat(fail("'TableName':'ppr'").getMessage()).contains("UpdateTable");
            assertThat(fail("'TableName':'ppr','GlobalSecondaryIndexUpdates':[]").getMessage()).contains("UpdateTable");
        }

        @Test void missingTableIsResourceNotFound() {
            ApiException e = fail("'TableName':'nothing','BillingMode':'PAY_PER_REQUEST'");
            assertThat(e.name()).isEqualTo("ResourceNotFoundException");
            assertThat(e.getMessage()).isEqualTo("Requested resource not found: Table: nothing not found");
        }

        @Test void unchangedThroughputIsRejected() {
            assertThat(fail("'TableName':'prov','ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5}").getMessage())
                    .isEqualTo("The provisioned throughput for the table will not change. The requested value equals the current "
                            + "value. Current ReadCapacityUnits provisioned for the table: 5. Requested ReadCapacityUnits: 5. "
                            + "Current WriteCapacityUnits provisioned for the table: 5. Requested WriteCapacityUnits: 5. Refer to "
                            + "the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.");
        }

        @Test void billingModeRules() {
            assertThat(fail("'TableName':'ppr','ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1}").getMessage())
                    .contains("Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
            assertThat(fail("'TableName':'ppr','BillingMode':'PROVISIONED'").getMessage())
                    .contains("ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
            assertThat(fail("'TableName':'ppr','BillingMode':'pay_per_request'").getMessage()).contains("enum value set");
            assertThat(fail("'TableName':'prov','ProvisionedThroughput':{'ReadCapacityUnits':40001,'WriteCapacityUnits':5}").name())
                    .isEqualTo("LimitExceededException");
        }

        @Test void indexUpdateShapes() {
            assertThat(fail("'TableName':'ppr','GlobalSecondaryIndexUpdates':[{}]").getMessage())
                    .contains("GlobalSecondaryIndexUpdate");
            assertThat(fail("'TableName':'ppr'," + DEF_X + ",'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'ind',"
                    + "'KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}},"
                    + "'Delete':{'IndexName':'xyz'}}]").getMessage()).contains("Only one of");
            ApiException two = fail("'TableName':'ppr'," + DEF_X + ",'GlobalSecondaryIndexUpdates':["
                    + String.format(CREATE_X, "ind1") + "," + String.format(CREATE_X, "ind2") + "]");
            assertThat(two.name()).isEqualTo("LimitExceededException");
            assertThat(two.getMessage()).isEqualTo("Subscriber limit exceeded: Only 1 online index can be created or deleted "
                    + "simultaneously per table");
            assertThat(fail("'TableName':'ppr','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'ind1'}},"
                    + "{'Delete':{'IndexName':'ind2'}}]").name()).isEqualTo("LimitExceededException");
        }

        @Test void createNeedsItsAttributeDefinitions() {
            assertThat(fail("'TableName':'ppr','GlobalSecondaryIndexUpdates':[" + String.format(CREATE_X, "gsi") + "]").getMessage())
                    .contains("AttributeDefinitions");
            assertThat(fail("'TableName':'ppr','AttributeDefinitions':[{'AttributeName':'" + ControlPlane.repeat('y', 256)
                    + "','AttributeType':'S'}],'GlobalSecondaryIndexUpdates':[" + String.format(CREATE_X, "gsi") + "]").getMessage())
                    .contains("255");
        }

        @Test void existingIndexNameAndRedefinedTypes() {
            update("'TableName':'ppr'," + DEF_X + ",'GlobalSecondaryIndexUpdates':[" + String.format(CREATE_X, "hello") + "]");
            assertThat(fail("'TableName':'ppr'," + DEF_X + ",'GlobalSecondaryIndexUpdates':[" + String.format(CREATE_X, "hello") + "]")
                    .getMessage()).contains("already exists");
            assertThat(fail("'TableName':'ppr','AttributeDefinitions':[{'AttributeName':'x','AttributeType':'N'}],"
                    + "'GlobalSecondaryIndexUpdates':[" + String.format(CREATE_X, "other") + "]").getMessage()).contains("redefined");
        }

        @Test void deletingAMissingIndexIsResourceNotFound() {
            assertThat(fail("'TableName':'ppr','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'nonexistent'}}]").name())
                    .isEqualTo("ResourceNotFoundException");
        }

        @Test void decreasesAreLimitedPerDay() {
            for (int units = 4; units >= 1; units--) {
                update("'TableName':'prov','ProvisionedThroughput':{'ReadCapacityUnits':" + units + ",'WriteCapacityUnits':5}");
            }
            update("'TableName':'prov','ProvisionedThroughput':{'ReadCapacityUnits':9,'WriteCapacityUnits':5}");
            ApiException e = fail("'TableName':'prov','ProvisionedThroughput':{'ReadCapacityUnits':8,'WriteCapacityUnits':5}");
            assertThat(e.name()).isEqualTo("LimitExceededException");
            cp.clock.advance(Duration.ofHours(1));
            Map<String, Object> d = update("'TableName':'prov','ProvisionedThroughput':{'ReadCapacityUnits':8,'WriteCapacityUnits':5}");
            assertThat(map(d.get("ProvisionedThroughput")).get("NumberOfDecreasesToday")).isEqualTo(BigDecimal.valueOf(5));
        }
    }

    /** DynamoDB's rules on throughput changes (B.7, B.8), moved here from the capacity model's test-only copy. */
    @Nested class ThroughputRules {
        private static final String HUNDRED = "{'TableName':'hundred','ProvisionedThroughput':{'ReadCapacityUnits':100,"
                + "'WriteCapacityUnits':100},'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}%s]%s}";
        private static final String GSI_G = ",'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'x',"
                + "'KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'},'ProvisionedThroughput':{'ReadCapacityUnits':%d,"
                + "'WriteCapacityUnits':%d}}]";

        private void createHundred(boolean withGsi) {
            cp.call("CreateTable", withGsi
                    ? String.format(HUNDRED, ",{'AttributeName':'x','AttributeType':'S'}", String.format(GSI_G, 100, 100))
                    : String.format(HUNDRED, "", ""));
        }

        private static String units(long read, long write) {
            return "'ProvisionedThroughput':{'ReadCapacityUnits':" + read + ",'WriteCapacityUnits':" + write + "}";
        }

        private static String gsi(long read, long write) {
            return "'GlobalSecondaryIndexUpdates':[{'Update':{'IndexName':'gsi'," + units(read, write) + "}}]";
        }

        private ApiException refusedTable(long read, long write) { return fail("'TableName':'hundred'," + units(read, write)); }

        private void table(long read, long write) { update("'TableName':'hundred'," + units(read, write)); }

        private CapacitySnapshot.TableSnapshot capacity() {
            return cp.engine.capacity().snapshot().tables().stream().filter(t -> t.tableName().equals("hundred")).findFirst().orElseThrow();
        }

        @Test void fourDecreasesAnyTimeThenOneAnHour() { // B.7 [doc, AWS-Q]
            createHundred(false);
            cp.clock.advance(Duration.ofMinutes(10));
            for (int i = 0; i < 4; i++) table(90 - i, 90 - i);
            ApiException refused = refusedTable(50, 50);
            assertThat(refused.getMessage()).startsWith("Subscriber limit exceeded: Provisioned throughput decreases are limited within a given UTC day.")
                    .contains("Number of decreases today: 4.");
            assertThat(capacity().table().provisionedWrite()).isEqualTo(87.0);
            table(500, 500); // increases are unlimited
            cp.clock.advance(Duration.ofMinutes(59));
            assertThat(refusedTable(50, 50).name()).isEqualTo("LimitExceededException");
            cp.clock.advance(Duration.ofMinutes(1));
            table(50, 50);
            assertThat(refusedTable(40, 40).name()).isEqualTo("LimitExceededException");
        }

        @Test void atMostTwentySevenDecreasesADayAndANewDayStartsAfresh() { // B.7 [doc, AWS-Q]
            createHundred(false);
            table(1000, 1000);
            int done = 0;
            for (int minute = 0; minute < 24 * 60; minute += 5) {
                try {
                    table(1000 - done - 1, 1000);
                    done++;
                } catch (ApiException e) {
                    assertThat(e.name()).isEqualTo("LimitExceededException");
                }
                cp.clock.advance(Duration.ofMinutes(5));
            }
            assertThat(done).isEqualTo(4 + 23);
            table(10, 10);
        }

        @Test void tableAndIndexBudgetsAreSeparateButOneRequestIsRefusedWhole() { // B.7 [doc, AWS-Q]
            createHundred(true);
            for (int i = 0; i < 4; i++) table(90 - i, 90 - i);
            update("'TableName':'hundred'," + gsi(50, 50));
            update("'TableName':'hundred'," + units(500, 500) + "," + gsi(40, 40));
            ApiException refused = fail("'TableName':'hundred'," + units(10, 10) + "," + gsi(30, 30));
            assertThat(refused.name()).isEqualTo("LimitExceededException");
            assertThat(capacity().globalSecondaryIndexes().get(0).provisionedWrite()).isEqualTo(40.0);
        }

        @Test void tableAndIndexesShareTheProvisionedQuota() { // B.8 [doc, AWS-Q]: sum of the table and its GSIs
            cp.call("CreateTable", "{'TableName':'hundred'," + units(10, 20_000) + ",'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}]"
                    + String.format(GSI_G, 10, 20_000) + "}");
            assertThat(fail("'TableName':'hundred'," + gsi(10, 20_001)).getMessage()).contains("write capacity units");
            update("'TableName':'hundred','BillingMode':'PAY_PER_REQUEST'");
        }
    }

    @Nested class Behaviour {
        @Test void switchingToOnDemandAndBack() {
            Map<String, Object> d = update("'TableName':'prov','BillingMode':'PAY_PER_REQUEST'");
            assertThat(map(d.get("BillingModeSummary"))).containsEntry("BillingMode", "PAY_PER_REQUEST")
                    .containsKey("LastUpdateToPayPerRequestDateTime");
            assertThat(map(d.get("ProvisionedThroughput")).get("ReadCapacityUnits")).isEqualTo(BigDecimal.ZERO);
            d = update("'TableName':'prov','BillingMode':'PROVISIONED','ProvisionedThroughput':{'ReadCapacityUnits':7,'WriteCapacityUnits':8}");
            assertThat(map(d.get("BillingModeSummary")).get("BillingMode")).isEqualTo("PROVISIONED");
            assertThat(map(d.get("ProvisionedThroughput")).get("WriteCapacityUnits")).isEqualTo(BigDecimal.valueOf(8));
        }

        @Test void createdIndexIsCreatingThenActiveAndDeletedIndexIsGone() throws InterruptedException {
            Map<String, Object> d = update("'TableName':'ppr'," + DEF_X + ",'GlobalSecondaryIndexUpdates':["
                    + String.format(CREATE_X, "gsi1") + "]");
            Map<String, Object> gsi = map(list(d.get("GlobalSecondaryIndexes")).get(0));
            assertThat(gsi.get("IndexStatus")).isEqualTo("CREATING");
            assertThat(cp.engine.indexes().awaitBackfills(Duration.ofSeconds(10))).isTrue();
            assertThat(cp.engine.catalog().get("ppr").globalIndexes().get(0).status()).isEqualTo(io.keyline.metadata.TableStatus.ACTIVE);
            assertThat(list(d.get("AttributeDefinitions"))).hasSize(2);
            long keyspace = cp.engine.catalog().get("ppr").globalIndexes().get(0).keyspaceId();
            d = update("'TableName':'ppr','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'gsi1'}}]");
            assertThat(d).doesNotContainKey("GlobalSecondaryIndexes");
            assertThat(list(d.get("AttributeDefinitions"))).hasSize(1);
            update("'TableName':'ppr'," + DEF_X + ",'GlobalSecondaryIndexUpdates':[" + String.format(CREATE_X, "gsi1") + "]");
            assertThat(cp.engine.catalog().get("ppr").globalIndexes().get(0).keyspaceId()).isGreaterThan(keyspace);
        }

        @Test void gsiThroughputOfAProvisionedTable() {
            update("'TableName':'prov'," + DEF_X + ",'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'gsi','KeySchema':"
                    + "[{'AttributeName':'x','KeyType':'HASH'}],'Projection':{'ProjectionType':'KEYS_ONLY'},"
                    + "'ProvisionedThroughput':{'ReadCapacityUnits':2,'WriteCapacityUnits':2}}}]");
            Map<String, Object> d = update("'TableName':'prov','GlobalSecondaryIndexUpdates':[{'Update':{'IndexName':'gsi',"
                    + "'ProvisionedThroughput':{'ReadCapacityUnits':3,'WriteCapacityUnits':2}}}]");
            assertThat(map(map(list(d.get("GlobalSecondaryIndexes")).get(0)).get("ProvisionedThroughput")).get("ReadCapacityUnits"))
                    .isEqualTo(BigDecimal.valueOf(3));
            assertThat(fail("'TableName':'prov','BillingMode':'PAY_PER_REQUEST','GlobalSecondaryIndexUpdates':[{'Update':"
                    + "{'IndexName':'gsi','ProvisionedThroughput':{'ReadCapacityUnits':4,'WriteCapacityUnits':2}}}]").name())
                    .isEqualTo("ValidationException");
        }

        @Test void switchesToOnDemandAreLimitedToFourADay() {
            String toProvisioned = "'TableName':'prov','BillingMode':'PROVISIONED','ProvisionedThroughput':"
                    + "{'ReadCapacityUnits':5,'WriteCapacityUnits':5}";
            for (int i = 0; i < 4; i++) {
                update("'TableName':'prov','BillingMode':'PAY_PER_REQUEST'");
                update(toProvisioned);
                cp.clock.advance(Duration.ofHours(1));
            }
            ApiException e = fail("'TableName':'prov','BillingMode':'PAY_PER_REQUEST'");
            assertThat(e.name()).isEqualTo("LimitExceededException");
            assertThat(e.getMessage()).startsWith("Subscriber limit exceeded");
            cp.clock.advance(Duration.ofHours(21));
            update("'TableName':'prov','BillingMode':'PAY_PER_REQUEST'");
        }

        @Test void otherSettingsChange() {
            Map<String, Object> d = update("'TableName':'ppr','DeletionProtectionEnabled':true,'TableClass':'STANDARD',"
                    + "'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'KEYS_ONLY'}");
            assertThat(d.get("DeletionProtectionEnabled")).isEqualTo(true);
            assertThat(map(d.get("StreamSpecification")).get("StreamViewType")).isEqualTo("KEYS_ONLY");
            assertThat(map(d.get("TableClassSummary")).get("TableClass")).isEqualTo("STANDARD");
        }
    
        @Test void streamsCanBeEnabledOnceAndDisabledOnce() {
            assertThat(fail("'TableName':'ppr','StreamSpecification':{'StreamEnabled':false}").getMessage())
                    .matches(".*stream.*disable.*");
            Map<String, Object> d = update("'TableName':'ppr','StreamSpecification':{'StreamEnabled':true,'StreamViewType':'KEYS_ONLY'}");
            // a stream now exists: its ARN and label are the table's latest (docs/RULES.md#STREAM-ENABLE)
            assertThat((String) d.get("LatestStreamArn")).isEqualTo(d.get("TableArn") + "/stream/" + d.get("LatestStreamLabel"));
            assertThat(fail("'TableName':'ppr','StreamSpecification':{'StreamEnabled':true,'StreamViewType':'OLD_IMAGE'}")
                    .getMessage()).matches(".*already.*enabled.*");
            assertThat(fail("'TableName':'ppr','StreamSpecification':{'StreamEnabled':true,'StreamViewType':'Fisk'}")
                    .getMessage()).contains("'Fisk'");
            assertThat(map(update("'TableName':'ppr','BillingMode':'PAY_PER_REQUEST'").get("StreamSpecification")))
                    .containsEntry("StreamEnabled", true);
            d = update("'TableName':'ppr','StreamSpecification':{'StreamEnabled':false}");
            // DynamoDB leaves StreamSpecification out once the stream is disabled, and keeps the
            // disabled stream as the latest (docs/RULES.md#STREAM-LATEST)
            assertThat(d).doesNotContainKey("StreamSpecification").containsKey("LatestStreamArn");
        }
    }
}
