package io.keyline.op;

import static io.keyline.op.BackupsTest.createIndexed;
import static io.keyline.op.BackupsTest.items;
import static io.keyline.op.BackupsTest.put;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Point-in-time recovery: UpdateContinuousBackups, DescribeContinuousBackups and
 * RestoreTableToPointInTime, restores compared item by item with the table as it was at the
 * instant asked for, exact to the second, and the log's trim past the recovery period on the
 * manual clock. Runs on memory and on RocksDB.
 */
class PointInTimeRecoveryTest {
    private final ControlPlane cp = new ControlPlane();

    private Map<String, Object> describe(String table) {
        return map(cp.call("DescribeContinuousBackups", "{'TableName':'" + table + "'}").get("ContinuousBackupsDescription"));
    }

    private Map<String, Object> enable(String table, String days) {
        return map(cp.call("UpdateContinuousBackups", "{'TableName':'" + table + "','PointInTimeRecoverySpecification':"
                + "{'PointInTimeRecoveryEnabled':true" + (days == null ? "" : ",'RecoveryPeriodInDays':" + days) + "}}")
                .get("ContinuousBackupsDescription"));
    }

    private static String seconds(Instant t) { return BigDecimal.valueOf(t.toEpochMilli(), 3).toPlainString(); }

    /** RestoreTableToPointInTime's answer, once the restore has loaded the table in the background. */
    private Map<String, Object> restoreAt(String source, String target, Instant at) {
        Map<String, Object> t = map(cp.call("RestoreTableToPointInTime", "{'SourceTableName':'" + source + "','TargetTableName':'" + target
                + "','RestoreDateTime':" + seconds(at) + "}").get("TableDescription"));
        cp.awaitRestores();
        return t;
    }

    @Nested class Serialization {
        @Test void aTableWithoutRecoveryIsDisabled() {
            cp.createSimple("tbl", false);
            assertThat(describe("tbl")).containsExactly(Map.entry("ContinuousBackupsStatus", "DISABLED"),
                    Map.entry("PointInTimeRecoveryDescription", Map.of("PointInTimeRecoveryStatus", "DISABLED")));
        }

        @Test void enablingAnswersTheWindow() {
            cp.createSimple("tbl", false);
            Map<String, Object> d = enable("tbl", "7");
            assertThat(d.get("ContinuousBackupsStatus")).isEqualTo("ENABLED");
            Map<String, Object> pitr = map(d.get("PointInTimeRecoveryDescription"));
            assertThat(pitr.keySet()).containsExactly("PointInTimeRecoveryStatus", "RecoveryPeriodInDays", "EarliestRestorableDateTime",
                    "LatestRestorableDateTime");
            assertThat(pitr.get("RecoveryPeriodInDays")).isEqualTo(BigDecimal.valueOf(7));
            assertThat(pitr.get("EarliestRestorableDateTime")).isEqualTo(new BigDecimal(seconds(cp.clock.now())));
            assertThat(map(map(describe("tbl")).get("PointInTimeRecoveryDescription")).get("RecoveryPeriodInDays"))
                    .isEqualTo(BigDecimal.valueOf(7));
            assertThat(map(enable("tbl", null).get("PointInTimeRecoveryDescription")).get("RecoveryPeriodInDays"))
                    .isEqualTo(BigDecimal.valueOf(35));
        }
    }

    @Nested class Validation {
        @Test void aMissingTableIsTableNotFound() {
            assertThat(cp.fail("DescribeContinuousBackups", "{'TableName':'nope'}").name()).isEqualTo("TableNotFoundException");
            assertThat(cp.fail("UpdateContinuousBackups", "{'TableName':'nope','PointInTimeRecoverySpecification':"
                    + "{'PointInTimeRecoveryEnabled':true}}").name()).isEqualTo("TableNotFoundException");
            assertThat(cp.fail("DescribeContinuousBackups", "{}").name()).isEqualTo("ValidationException");
        }

        @Test void theRecoveryPeriodIsOneToThirtyFiveDays() {
            cp.createSimple("tbl", false);
            for (String days : new String[] {"0", "36"}) {
                assertThat(cp.fail("UpdateContinuousBackups", "{'TableName':'tbl','PointInTimeRecoverySpecification':"
                        + "{'PointInTimeRecoveryEnabled':true,'RecoveryPeriodInDays':" + days + "}}").name()).isEqualTo("ValidationException");
            }
        }

        @Test void aRestoreNeedsRecoveryOnAndATimeInsideTheWindow() {
            cp.createSimple("tbl", false);
            Instant now = cp.clock.now();
            ApiException off = cp.fail("RestoreTableToPointInTime", "{'SourceTableName':'tbl','TargetTableName':'tt2','UseLatestRestorableTime':true}");
            assertThat(off.name()).isEqualTo("PointInTimeRecoveryUnavailableException");
            enable("tbl", "1");
            ApiException early = cp.fail("RestoreTableToPointInTime", "{'SourceTableName':'tbl','TargetTableName':'tt2','RestoreDateTime':"
                    + seconds(now.minusSeconds(1)) + "}");
            assertThat(early.name()).isEqualTo("InvalidRestoreTimeException");
            assertThat(cp.fail("RestoreTableToPointInTime", "{'SourceTableName':'tbl','TargetTableName':'tt2'}").name())
                    .isEqualTo("ValidationException");
            assertThat(cp.fail("RestoreTableToPointInTime", "{'TargetTableName':'tt2','UseLatestRestorableTime':true}").name())
                    .isEqualTo("ValidationException");
            cp.createSimple("tt2", false);
            assertThat(cp.fail("RestoreTableToPointInTime", "{'SourceTableName':'tbl','TargetTableName':'tt2','UseLatestRestorableTime':true}")
                    .name()).isEqualTo("TableAlreadyExistsException");
        }
    }

    @Nested class Behaviour {
        @Test void aRestoreHoldsTheTableAsItWasAtThatSecond() {
            createIndexed(cp, "tbl", 20);
            enable("tbl", "35");
            cp.clock.advance(Duration.ofSeconds(5));
            put(cp, "tbl", 1, "second");
            put(cp, "tbl", 40, "added");
            Instant t1 = cp.clock.now();
            Set<Object> at1 = items(cp, "tbl");
            cp.clock.advance(Duration.ofSeconds(1));
            put(cp, "tbl", 1, "third");
            cp.call("DeleteItem", "{'TableName':'tbl','Key':{'p':{'S':'p2'},'c':{'S':'c2'}}}");
            Instant t2 = cp.clock.now();
            Set<Object> at2 = items(cp, "tbl");
            cp.clock.advance(Duration.ofSeconds(30));
            put(cp, "tbl", 41, "later");

            Map<String, Object> r1 = restoreAt("tbl", "at1", t1);
            assertThat(map(r1.get("RestoreSummary"))).containsEntry("SourceTableArn", cp.arn("tbl"))
                    .containsEntry("RestoreDateTime", new BigDecimal(seconds(t1))).doesNotContainKey("SourceBackupArn");
            assertThat(items(cp, "at1")).isEqualTo(at1);
            restoreAt("tbl", "at2", t2);
            assertThat(items(cp, "at2")).isEqualTo(at2);
            cp.call("RestoreTableToPointInTime", "{'SourceTableName':'tbl','TargetTableName':'latest','UseLatestRestorableTime':true}");
            cp.awaitRestores();
            assertThat(items(cp, "latest")).isEqualTo(items(cp, "tbl"));
            assertThat(cp.call("Query", "{'TableName':'at2','IndexName':'byG','KeyConditionExpression':'g = :v',"
                    + "'ExpressionAttributeValues':{':v':{'S':'g2'}}}").get("Count"))
                    .isEqualTo(BigDecimal.valueOf(at2.stream().filter(i -> map(map(i).get("g")).get("S").equals("g2")).count()));
        }

        @Test void theLogIsFoldedPastTheRecoveryPeriodAndTheWindowMoves() {
            createIndexed(cp, "tbl", 10);
            enable("tbl", "1");
            for (int day = 0; day < 3; day++) {
                cp.clock.advance(Duration.ofHours(10));
                put(cp, "tbl", day, "day" + day);
            }
            cp.clock.advance(Duration.ofHours(5)); // the first change is now 25 hours old: folded into the base
            Instant now = cp.clock.now();
            Map<String, Object> pitr = map(describe("tbl").get("PointInTimeRecoveryDescription"));
            assertThat(pitr.get("EarliestRestorableDateTime")).isEqualTo(new BigDecimal(seconds(now.minus(Duration.ofDays(1)))));
            assertThat(pitr.get("LatestRestorableDateTime")).isEqualTo(new BigDecimal(seconds(now)));
            Set<Object> current = items(cp, "tbl");
            restoreAt("tbl", "early", now.minus(Duration.ofDays(1)));
            put(cp, "early", 1, "day1");
            put(cp, "early", 2, "day2");
            assertThat(items(cp, "early")).isEqualTo(current);
        }

        @Test void disablingDropsTheHistory() {
            cp.createSimple("tbl", false);
            enable("tbl", "2");
            cp.call("UpdateContinuousBackups", "{'TableName':'tbl','PointInTimeRecoverySpecification':{'PointInTimeRecoveryEnabled':false}}");
            assertThat(describe("tbl").get("ContinuousBackupsStatus")).isEqualTo("DISABLED");
            assertThat(cp.fail("RestoreTableToPointInTime", "{'SourceTableName':'tbl','TargetTableName':'tt2','UseLatestRestorableTime':true}")
                    .name()).isEqualTo("PointInTimeRecoveryUnavailableException");
        }
    }
}
