package io.keyline.op;

import static io.keyline.op.BackupsTest.createIndexed;
import static io.keyline.op.BackupsTest.items;
import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * DeleteTable of a table with point-in-time recovery on leaves a SYSTEM backup named
 * {@code <table>$DeletedTableBackup}, kept 35 days, listed for BackupType SYSTEM and ALL, and
 * restorable (docs/RULES.md#BACKUP-SYSTEM). Runs on memory and on RocksDB.
 */
class SystemBackupTest {
    private final ControlPlane cp = new ControlPlane();

    private void enableRecovery(String table) {
        cp.call("UpdateContinuousBackups", "{'TableName':'" + table + "','PointInTimeRecoverySpecification':{'PointInTimeRecoveryEnabled':true}}");
    }

    private List<Map<String, Object>> listed(String type) {
        return list(cp.call("ListBackups", type == null ? "{}" : "{'BackupType':'" + type + "'}").get("BackupSummaries")).stream()
                .map(ControlPlane::map).toList();
    }

    @Test void deletingATableWithRecoveryLeavesARestorableSystemBackup() {
        createIndexed(cp, "tbl", 25);
        enableRecovery("tbl");
        BackupsTest.put(cp, "tbl", 3, "last");
        Set<Object> before = items(cp, "tbl");
        cp.call("CreateBackup", "{'TableName':'tbl','BackupName':'mine'}");
        cp.clock.advance(Duration.ofSeconds(1));
        cp.call("DeleteTable", "{'TableName':'tbl'}");

        assertThat(listed(null)).extracting(b -> b.get("BackupName")).containsExactly("mine");
        assertThat(listed("ALL")).extracting(b -> b.get("BackupName")).containsExactly("mine", "tbl$DeletedTableBackup");
        List<Map<String, Object>> system = listed("SYSTEM");
        assertThat(system).hasSize(1);
        Map<String, Object> s = system.get(0);
        assertThat(s).containsEntry("BackupName", "tbl$DeletedTableBackup").containsEntry("BackupType", "SYSTEM")
                .containsEntry("BackupStatus", "AVAILABLE").containsEntry("TableName", "tbl");
        BigDecimal created = (BigDecimal) s.get("BackupCreationDateTime");
        assertThat(((BigDecimal) s.get("BackupExpiryDateTime")).subtract(created)).isEqualByComparingTo(BigDecimal.valueOf(35L * 24 * 3600));
        String arn = (String) s.get("BackupArn");
        Map<String, Object> details = map(map(cp.call("DescribeBackup", "{'BackupArn':'" + arn + "'}").get("BackupDescription"))
                .get("BackupDetails"));
        assertThat(details).containsEntry("BackupType", "SYSTEM").containsKey("BackupExpiryDateTime");

        cp.call("RestoreTableFromBackup", "{'BackupArn':'" + arn + "','TargetTableName':'tbl'}");
        cp.awaitRestores();
        assertThat(items(cp, "tbl")).isEqualTo(before);
        assertThat(cp.fail("DeleteBackup", "{'BackupArn':'" + arn + "'}").name()).isEqualTo("ValidationException");
    }

    @Test void aTableWithoutRecoveryLeavesNone() {
        createIndexed(cp, "tbl", 3);
        cp.call("DeleteTable", "{'TableName':'tbl'}");
        assertThat(listed("ALL")).isEmpty();
    }

    @Test void aSystemBackupExpiresAfterThirtyFiveDays() {
        cp.createSimple("tbl", false);
        enableRecovery("tbl");
        cp.call("DeleteTable", "{'TableName':'tbl'}");
        String arn = (String) listed("SYSTEM").get(0).get("BackupArn");
        cp.clock.advance(Duration.ofDays(35).minusSeconds(1));
        assertThat(listed("SYSTEM")).hasSize(1);
        cp.clock.advance(Duration.ofSeconds(1));
        assertThat(listed("SYSTEM")).isEmpty();
        assertThat(cp.fail("DescribeBackup", "{'BackupArn':'" + arn + "'}").name()).isEqualTo("BackupNotFoundException");
    }
}
