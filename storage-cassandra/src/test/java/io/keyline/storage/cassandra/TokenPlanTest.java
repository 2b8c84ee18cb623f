package io.keyline.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.api.KeyRange;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import io.keyline.model.ScalarType;
import io.keyline.storage.PartitionLayout;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which Cassandra reads cover a range of a partitioned keyspace: no Cassandra needed. */
class TokenPlanTest {
    private static final long TABLE = 70;
    /** The engine's layout for a table of keyspace 7 with a string partition key. */
    static final PartitionLayout LAYOUT = new PartitionLayout() {
        @Override public boolean partitioned(long keyspaceId) { return keyspaceId == TABLE; }

        @Override public int partitionKeyEnd(byte[] key) {
            return Placement.keyspaceOf(key) == TABLE ? KeyCodec.partitionKeyEnd(key, List.of(ScalarType.S)) : -1;
        }
    };

    @Test void aParallelScanSegmentIsExactlyItsTokenRange() {
        for (int segment = 0; segment < 4; segment++) {
            KeyRange r = KeyCodec.segmentBounds(TABLE, segment, 4);
            Long lower = segment == 0 ? null : Long.MIN_VALUE + segment * (1L << 62);
            Long upper = segment == 3 ? null : Long.MIN_VALUE + (segment + 1) * (1L << 62);
            assertThat(TokenPlan.of(TABLE, r.start(), r.end(), LAYOUT)).as("segment %d", segment)
                    .containsExactly(new TokenPlan.TokenRange(lower, upper));
        }
        KeyRange all = KeyCodec.keyspaceRange(TABLE);
        assertThat(TokenPlan.of(TABLE, all.start(), all.end(), LAYOUT)).containsExactly(new TokenPlan.TokenRange(null, null));
    }

    @Test void aQueryIsOneSliceOfOnePartition() {
        AttributeValue pk = new AttributeValue.S("order-17");
        KeyRange whole = KeyCodec.partitionRange(TABLE, pk);
        byte[] prefix = KeyCodec.partitionPrefix(TABLE, pk);
        List<TokenPlan.Step> plan = TokenPlan.of(TABLE, whole.start(), whole.end(), LAYOUT);
        assertThat(plan).hasSize(1);
        TokenPlan.Slice slice = (TokenPlan.Slice) plan.get(0);
        assertThat(slice.pk()).isEqualTo(Arrays.copyOfRange(prefix, 16, prefix.length));
        assertThat(slice.lowerTail()).isEmpty();
        assertThat(slice.upperTail()).isNull();
        KeyRange between = KeyCodec.sortKeyRange(TABLE, new AttributeValue.S("p"), io.keyline.engine.api.SortKeyCondition.BETWEEN,
                new AttributeValue.N(BigDecimal.ONE), new AttributeValue.N(BigDecimal.TEN));
        TokenPlan.Slice cut = (TokenPlan.Slice) TokenPlan.of(TABLE, between.start(), between.end(), LAYOUT).get(0);
        assertThat(cut.lowerTail()).isNotEmpty();
        assertThat(cut.upperTail()).isNotEmpty();
    }

    @Test void aScanResumedAfterAKeyReadsTheRestOfItsTokenThenTheTokensAfter() {
        byte[] last = KeyCodec.itemKey(TABLE, new AttributeValue.S("a"), null);
        byte[] resume = KeyCodec.successor(last);
        long token = KeyCodec.token(new AttributeValue.S("a"));
        KeyRange segment = KeyCodec.segmentBounds(TABLE, token < 0 ? 0 : 1, 2);
        assertThat(TokenPlan.of(TABLE, resume, segment.end(), LAYOUT)).containsExactly(new TokenPlan.Partitions(token),
                new TokenPlan.TokenRange(token + 1, token < 0 ? 0L : null));
    }

    @Test void emptyAndForeignRangesReadNothing() {
        byte[] a = KeyCodec.itemKey(TABLE, new AttributeValue.S("a"), null);
        assertThat(TokenPlan.of(TABLE, a, a, LAYOUT)).isEmpty();
        assertThat(TokenPlan.of(TABLE, KeyCodec.keyspaceStart(TABLE + 1), null, LAYOUT)).isEmpty();
        assertThat(TokenPlan.of(TABLE, null, KeyCodec.keyspaceStart(TABLE), LAYOUT)).isEmpty();
    }

    @Test void headsRoundTripTokens() {
        for (long token : new long[] {Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE}) {
            assertThat(TokenPlan.head(TABLE, token)).isEqualTo(KeyCodec.tokenStart(TABLE, token));
            assertThat(TokenPlan.token(TokenPlan.head(TABLE, token))).isEqualTo(token);
        }
    }
}
