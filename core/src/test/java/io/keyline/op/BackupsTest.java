package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * On-demand backups: CreateBackup, DescribeBackup, ListBackups, DeleteBackup and
 * RestoreTableFromBackup, their shapes, DynamoDB's errors, and restores compared item by item
 * with the source table, indexes and overrides included. Runs on memory and on RocksDB.
 */
class BackupsTest {
    private final ControlPlane cp = new ControlPlane();

    /** A provisioned table p (S) / c (S) with an LSI on l and a GSI on g, holding {@code n} items. */
    static void createIndexed(ControlPlane on, String name, int n) {
        on.call("CreateTable", "{'TableName':'" + name + "','BillingMode':'PROVISIONED',"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':6},"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'},"
                + "{'AttributeName':'l','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'}],"
                + "'LocalSecondaryIndexes':[{'IndexName':'byL','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
                + "{'AttributeName':'l','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'KEYS_ONLY'},'ProvisionedThroughput':{'ReadCapacityUnits':3,'WriteCapacityUnits':4}}]}");
        for (int i = 0; i < n; i++) put(on, name, i, "v" + i);
    }

    static void put(ControlPlane on, String table, int i, String value) {
        on.call("PutItem", "{'TableName':'" + table + "','Item':{'p':{'S':'p" + (i % 7) + "'},'c':{'S':'c" + i + "'},"
                + "'l':{'S':'l" + (i % 3) + "'},'g':{'S':'g" + (i % 5) + "'},'v':{'S':'" + value + "'}}}");
    }

    /** Every item of the table, by a Scan read to its end. */
    static Set<Object> items(ControlPlane on, String table) {
        Set<Object> out = new HashSet<>();
        String start = null;
        do {
            Map<String, Object> page = on.call("Scan", "{'TableName':'" + table + "'" + (start == null ? "" : ",'ExclusiveStartKey':" + start) + "}");
            out.addAll(list(page.get("Items")));
            start = page.containsKey("LastEvaluatedKey") ? new String(io.keyline.protocol.Json.write(page.get("LastEvaluatedKey")), java.nio.charset.StandardCharsets.UTF_8).replace('"', '\'') : null;
        } while (start != null);
        return out;
    }

    private Map<String, Object> backup(String table, String name) {
        return map(cp.call("CreateBackup", "{'TableName':'" + table + "','BackupName':'" + name + "'}").get("BackupDetails"));
    }

    /** RestoreTableFromBackup's answer (the table CREATING), once the restore has loaded the table in the background. */
    private Map<String, Object> restore(String arn, String target, String overrides) {
        Map<String, Object> t = map(cp.call("RestoreTableFromBackup", "{'BackupArn':'" + arn + "','TargetTableName':'" + target + "'"
                + overrides + "}").get("TableDescription"));
        cp.awaitRestores();
        return t;
    }

    @Nested class Serialization {
        @Test void createBackupAnswersItsDetails() {
            cp.createSimple("tbl", false);
            Map<String, Object> d = backup("tbl", "first");
            assertThat(d.keySet()).containsExactly("BackupArn", "BackupName", "BackupSizeBytes", "BackupStatus", "BackupType",
                    "BackupCreationDateTime");
            assertThat((String) d.get("BackupArn")).matches("arn:aws:dynamodb:us-east-1:000000000000:table/tbl/backup/\\d{14}-[0-9a-f]{8}");
            assertThat(d.get("BackupStatus")).isEqualTo("AVAILABLE");
            assertThat(d.get("BackupType")).isEqualTo("USER");
        }

        @Test void describeBackupNamesTheSourceAndItsFeatures() {
            createIndexed(cp, "tbl", 10);
            String arn = (String) backup("tbl", "bk1").get("BackupArn");
            Map<String, Object> d = map(cp.call("DescribeBackup", "{'BackupArn':'" + arn + "'}").get("BackupDescription"));
            Map<String, Object> source = map(d.get("SourceTableDetails"));
            assertThat(source.get("TableName")).isEqualTo("tbl");
            assertThat(source.get("ItemCount")).isEqualTo(BigDecimal.valueOf(10));
            assertThat(source.get("BillingMode")).isEqualTo("PROVISIONED");
            assertThat(map(source.get("ProvisionedThroughput"))).containsEntry("ReadCapacityUnits", BigDecimal.valueOf(5)).containsEntry("WriteCapacityUnits", BigDecimal.valueOf(6));
            Map<String, Object> features = map(d.get("SourceTableFeatureDetails"));
            assertThat(map(list(features.get("LocalSecondaryIndexes")).get(0)).get("IndexName")).isEqualTo("byL");
            assertThat(map(list(features.get("GlobalSecondaryIndexes")).get(0)).get("IndexName")).isEqualTo("byG");
            assertThat(map(d.get("BackupDetails")).get("BackupArn")).isEqualTo(arn);
        }

        @Test void backupNameFollowsTheModelsPattern() {
            cp.createSimple("tbl", false);
            assertThat(cp.fail("CreateBackup", "{'TableName':'tbl','BackupName':'a b'}").name()).isEqualTo("ValidationException");
            assertThat(cp.fail("CreateBackup", "{'TableName':'tbl'}").name()).isEqualTo("ValidationException");
        }
    }

    @Nested class Validation {
        @Test void aMissingTableIsTableNotFound() {
            ApiException e = cp.fail("CreateBackup", "{'TableName':'nope','BackupName':'bk1'}");
            assertThat(e.name()).isEqualTo("TableNotFoundException");
            assertThat(e.getMessage()).isEqualTo("Table not found: nope");
        }

        @Test void anUnknownBackupIsBackupNotFound() {
            String arn = "arn:aws:dynamodb:us-east-1:000000000000:table/tbl/backup/01700000000000-0000abcd";
            assertThat(cp.fail("DescribeBackup", "{'BackupArn':'" + arn + "'}").name()).isEqualTo("BackupNotFoundException");
            assertThat(cp.fail("DeleteBackup", "{'BackupArn':'" + arn + "'}").name()).isEqualTo("BackupNotFoundException");
            assertThat(cp.fail("RestoreTableFromBackup", "{'BackupArn':'" + arn + "','TargetTableName':'tt2'}").name())
                    .isEqualTo("BackupNotFoundException");
        }

        @Test void restoringOntoAnExistingTableIsTableAlreadyExists() {
            cp.createSimple("tbl", false);
            cp.createSimple("other", false);
            String arn = (String) backup("tbl", "bk1").get("BackupArn");
            ApiException e = cp.fail("RestoreTableFromBackup", "{'BackupArn':'" + arn + "','TargetTableName':'other'}");
            assertThat(e.name()).isEqualTo("TableAlreadyExistsException");
            assertThat(e.getMessage()).isEqualTo("Table already exists: other");
        }

        @Test void aBackupStillCreatingIsInUse() {
            ControlPlane slow = new ControlPlane(Settings.defaults().withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT))
                    .withTableCreateDelay(Duration.ofSeconds(5)));
            slow.createSimple("tbl", false);
            slow.clock.advance(Duration.ofSeconds(10));
            Map<String, Object> d = map(slow.call("CreateBackup", "{'TableName':'tbl','BackupName':'bk1'}").get("BackupDetails"));
            assertThat(d.get("BackupStatus")).isEqualTo("CREATING");
            String arn = (String) d.get("BackupArn");
            assertThat(slow.fail("DeleteBackup", "{'BackupArn':'" + arn + "'}").name()).isEqualTo("BackupInUseException");
            assertThat(slow.fail("RestoreTableFromBackup", "{'BackupArn':'" + arn + "','TargetTableName':'tt2'}").name())
                    .isEqualTo("BackupInUseException");
            slow.clock.advance(Duration.ofSeconds(5));
            assertThat(map(map(slow.call("DescribeBackup", "{'BackupArn':'" + arn + "'}").get("BackupDescription")).get("BackupDetails"))
                    .get("BackupStatus")).isEqualTo("AVAILABLE");
        }

        @Test void provisionedWithoutThroughputFromAnOnDemandBackupIsRefused() {
            cp.createSimple("tbl", false);
            String arn = (String) backup("tbl", "bk1").get("BackupArn");
            assertThat(cp.fail("RestoreTableFromBackup", "{'BackupArn':'" + arn + "','TargetTableName':'tt2','BillingModeOverride':'PROVISIONED'}")
                    .name()).isEqualTo("ValidationException");
        }
    }

    @Nested class Behaviour {
        @Test void aRestoreHoldsTheItemsOfTheBackupAndNotLaterWrites() {
            createIndexed(cp, "tbl", 60);
            Set<Object> before = items(cp, "tbl");
            String arn = (String) backup("tbl", "bk1").get("BackupArn");
            put(cp, "tbl", 3, "changed");
            put(cp, "tbl", 100, "new");
            Map<String, Object> answer = restore(arn, "copy", "");
            // docs/RULES.md#BACKUP-RESTORE-BACKGROUND: the request answers at once, the table CREATING
            assertThat(answer.get("TableStatus")).isEqualTo("CREATING");
            assertThat(map(answer.get("RestoreSummary")).get("RestoreInProgress")).isEqualTo(true);
            Map<String, Object> t = cp.describe("copy");
            assertThat(t.get("TableStatus")).isEqualTo("ACTIVE");
            assertThat(map(t.get("RestoreSummary"))).containsEntry("SourceBackupArn", arn)
                    .containsEntry("SourceTableArn", cp.arn("tbl")).containsEntry("RestoreInProgress", false);
            assertThat(items(cp, "copy")).isEqualTo(before);
            assertThat(map(cp.describe("copy").get("RestoreSummary")).get("SourceBackupArn")).isEqualTo(arn);
            assertThat(cp.describe("copy").get("ItemCount")).isEqualTo(BigDecimal.valueOf(60));
        }

        @Test void theRestoredIndexesAreRebuilt() {
            createIndexed(cp, "tbl", 35);
            String arn = (String) backup("tbl", "bk1").get("BackupArn");
            restore(arn, "copy", "");
            Map<String, Object> t = cp.describe("copy");
            assertThat(map(list(t.get("GlobalSecondaryIndexes")).get(0))).containsEntry("IndexName", "byG").containsEntry("IndexStatus", "ACTIVE");
            for (String index : List.of("byG", "byL")) {
                String key = index.equals("byG") ? "'KeyConditionExpression':'g = :v','ExpressionAttributeValues':{':v':{'S':'g1'}}"
                        : "'KeyConditionExpression':'p = :p and l = :v','ExpressionAttributeValues':{':p':{'S':'p1'},':v':{'S':'l1'}}";
                String q = ",'IndexName':'" + index + "'," + key + "}";
                assertThat(cp.call("Query", "{'TableName':'copy'" + q).get("Count")).as(index)
                        .isEqualTo(cp.call("Query", "{'TableName':'tbl'" + q).get("Count"));
            }
        }

        @Test void overridesReplaceTheBillingModeAndTheIndexes() {
            createIndexed(cp, "tbl", 5);
            String arn = (String) backup("tbl", "bk1").get("BackupArn");
            Map<String, Object> t = restore(arn, "copy", ",'BillingModeOverride':'PAY_PER_REQUEST','GlobalSecondaryIndexOverride':[],"
                    + "'SSESpecificationOverride':{'Enabled':true,'SSEType':'KMS'}");
            assertThat(map(t.get("BillingModeSummary")).get("BillingMode")).isEqualTo("PAY_PER_REQUEST");
            assertThat(t).doesNotContainKey("GlobalSecondaryIndexes").containsKey("LocalSecondaryIndexes").containsKey("SSEDescription");
            assertThat(list(t.get("AttributeDefinitions"))).hasSize(3);
            assertThat(items(cp, "copy")).isEqualTo(items(cp, "tbl"));
        }

        @Test void theRestoredTableIsCreatingForTheCreateDelay() {
            ControlPlane slow = new ControlPlane(Settings.defaults().withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT))
                    .withTableCreateDelay(Duration.ofSeconds(5)));
            slow.createSimple("tbl", false);
            slow.clock.advance(Duration.ofSeconds(10));
            Map<String, Object> b = map(slow.call("CreateBackup", "{'TableName':'tbl','BackupName':'bk1'}").get("BackupDetails"));
            slow.clock.advance(Duration.ofSeconds(10));
            Map<String, Object> t = map(slow.call("RestoreTableFromBackup", "{'BackupArn':'" + b.get("BackupArn")
                    + "','TargetTableName':'copy'}").get("TableDescription"));
            assertThat(t.get("TableStatus")).isEqualTo("CREATING");
            assertThat(map(t.get("RestoreSummary")).get("RestoreInProgress")).isEqualTo(true);
            slow.awaitRestores();
            assertThat(slow.describe("copy").get("TableStatus")).isEqualTo("CREATING");
            slow.clock.advance(Duration.ofSeconds(5));
            assertThat(slow.describe("copy").get("TableStatus")).isEqualTo("ACTIVE");
            assertThat(map(slow.describe("copy").get("RestoreSummary")).get("RestoreInProgress")).isEqualTo(false);
        }

        @Test void listBackupsFiltersAndPages() {
            cp.createSimple("taa", false);
            cp.createSimple("tbb", false);
            String a1 = (String) backup("taa", "aa1").get("BackupArn");
            cp.clock.advance(Duration.ofSeconds(10));
            String b1 = (String) backup("tbb", "bb1").get("BackupArn");
            cp.clock.advance(Duration.ofSeconds(10));
            String a2 = (String) backup("taa", "aa2").get("BackupArn");
            assertThat(arns(cp.call("ListBackups", "{}"))).containsExactly(a1, b1, a2);
            assertThat(arns(cp.call("ListBackups", "{'TableName':'taa'}"))).containsExactly(a1, a2);
            assertThat(arns(cp.call("ListBackups", "{'BackupType':'SYSTEM'}"))).isEmpty();
            Map<String, Object> first = cp.call("ListBackups", "{'Limit':2}");
            assertThat(arns(first)).containsExactly(a1, b1);
            assertThat(first.get("LastEvaluatedBackupArn")).isEqualTo(b1);
            Map<String, Object> second = cp.call("ListBackups", "{'Limit':2,'ExclusiveStartBackupArn':'" + b1 + "'}");
            assertThat(arns(second)).containsExactly(a2);
            assertThat(second).doesNotContainKey("LastEvaluatedBackupArn");
            double b1At = ((Number) map(list(cp.call("ListBackups", "{'TableName':'tbb'}").get("BackupSummaries")).get(0))
                    .get("BackupCreationDateTime")).doubleValue();
            assertThat(arns(cp.call("ListBackups", "{'TimeRangeLowerBound':" + b1At + "}"))).containsExactly(b1, a2);
            assertThat(arns(cp.call("ListBackups", "{'TimeRangeUpperBound':" + b1At + "}"))).containsExactly(a1, b1);
        }

        @Test void deleteBackupAnswersDeletedAndTheBackupIsGone() {
            cp.createSimple("tbl", false);
            String arn = (String) backup("tbl", "bk1").get("BackupArn");
            Map<String, Object> d = map(cp.call("DeleteBackup", "{'BackupArn':'" + arn + "'}").get("BackupDescription"));
            assertThat(map(d.get("BackupDetails")).get("BackupStatus")).isEqualTo("DELETED");
            assertThat(cp.fail("DescribeBackup", "{'BackupArn':'" + arn + "'}").name()).isEqualTo("BackupNotFoundException");
            assertThat(arns(cp.call("ListBackups", "{}"))).isEmpty();
        }

        @Test void aBackupOutlivesItsTable() {
            createIndexed(cp, "tbl", 12);
            Set<Object> before = items(cp, "tbl");
            String arn = (String) backup("tbl", "bk1").get("BackupArn");
            cp.call("DeleteTable", "{'TableName':'tbl'}");
            restore(arn, "tbl", "");
            assertThat(items(cp, "tbl")).isEqualTo(before);
        }

        private List<Object> arns(Map<String, Object> page) {
            return list(page.get("BackupSummaries")).stream().map(s -> map(s).get("BackupArn")).toList();
        }
    }
}
