package io.keyline.engine.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.error.InternalFailure;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The persisted GSI change record: what is written reads back, and a record that is not one fails by name. */
class GsiChangeLogTest {
    private static final byte[] KEY = GsiChangeLog.key(42);

    @Test
    void aRecordReadsBackAsWritten() {
        byte[] value = GsiChangeLog.encode(1234, List.of(
                new GsiChangeLog.Mutation(7, new byte[] {1, 2}, new byte[] {3}),
                new GsiChangeLog.Mutation(8, new byte[] {4}, null)));
        GsiChangeLog.Record r = GsiChangeLog.decode(KEY, value);
        assertThat(r.sequence()).isEqualTo(42);
        assertThat(r.commitMillis()).isEqualTo(1234);
        assertThat(r.mutations()).hasSize(2);
        assertThat(r.mutations().get(0).value()).containsExactly(3);
        assertThat(r.mutations().get(1).value()).isNull();
    }

    @Test
    void aCorruptRecordIsAnInternalFailureNamingItsSequence() {
        byte[] value = GsiChangeLog.encode(1234, List.of(new GsiChangeLog.Mutation(7, new byte[] {1, 2}, new byte[] {3})));
        byte[] truncated = Arrays.copyOf(value, value.length - 1);
        byte[] trailing = Arrays.copyOf(value, value.length + 1);
        byte[] badKind = value.clone();
        badKind[8 + 4 + 8] = 9;
        assertThatThrownBy(() -> GsiChangeLog.decode(KEY, truncated)).isInstanceOf(InternalFailure.class)
                .hasMessage("decoding GSI change record 42: truncated (" + truncated.length + " bytes)");
        assertThatThrownBy(() -> GsiChangeLog.decode(KEY, trailing)).isInstanceOf(InternalFailure.class)
                .hasMessage("decoding GSI change record 42: 1 bytes after the last mutation");
        assertThatThrownBy(() -> GsiChangeLog.decode(KEY, badKind)).isInstanceOf(InternalFailure.class)
                .hasMessage("decoding GSI change record 42: mutation kind 9");
    }
}
