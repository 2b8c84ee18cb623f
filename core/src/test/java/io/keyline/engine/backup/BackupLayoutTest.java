package io.keyline.engine.backup;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The persisted forms of backups, recovery and restore records, and log entries: their bytes and round trips. */
class BackupLayoutTest {
    private static final TableMetadata TABLE = new TableMetadata("t", "id-1", "arn:aws:dynamodb:us-east-1:000000000000:table/t", 7,
            Instant.parse("2026-01-01T00:00:00Z"), TableStatus.ACTIVE,
            new KeySchema(List.of(new KeyAttribute("p", ScalarType.S)), List.of()));

    @Test void aLogEntryOfADeleteHasItsGoldenBytes() {
        byte[] entry = BackupLayout.encodeChange(Map.of("p", AttributeValue.s("a")), null);
        assertThat(HexFormat.of().formatHex(entry)).isEqualTo("01" + "00000007" + "01010170010161" + "ffffffff");
        BackupLayout.Change back = BackupLayout.decodeChange(entry);
        assertThat(back.keys()).isEqualTo(Map.of("p", AttributeValue.s("a")));
        assertThat(back.image()).isNull();
    }

    @Test void logKeysSortByCommitTimeThenSequence() {
        byte[] a = BackupLayout.logKey(9, 1_000, 5);
        byte[] b = BackupLayout.logKey(9, 1_000, 6);
        byte[] c = BackupLayout.logKey(9, 1_001, 0);
        assertThat(java.util.Arrays.compareUnsigned(a, b)).isNegative();
        assertThat(java.util.Arrays.compareUnsigned(b, c)).isNegative();
        assertThat(BackupLayout.logMillis(c)).isEqualTo(1_001);
        assertThat(BackupLayout.logSequence(b)).isEqualTo(6);
    }

    @Test void recordsRoundTrip() {
        StoredBackup b = new StoredBackup(42, TABLE.arn() + "/backup/01767225600000-0000abcd", "nightly", "USER",
                Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:00:05Z"), true, 1234, 56, TABLE);
        assertThat(BackupLayout.decodeBackup(BackupLayout.encode(b))).isEqualTo(b);
        RecoveryState s = new RecoveryState(7, 43, 44, 35, 1_767_225_600_000L, true);
        RecoveryState back = BackupLayout.decodeRecovery(7, BackupLayout.encode(s));
        assertThat(List.of(back.logKeyspace, back.baseKeyspace, (long) back.periodDays, back.earliestMillis))
                .containsExactly(43L, 44L, 35L, 1_767_225_600_000L);
        assertThat(back.complete).isTrue();
        RestoreRecord r = new RestoreRecord(7, null, TABLE.arn(), Instant.parse("2026-01-01T00:00:01Z"));
        assertThat(BackupLayout.decodeRestore(7, BackupLayout.encode(r))).isEqualTo(r);
    }
}
