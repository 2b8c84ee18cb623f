package io.keyline.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.metadata.Namespace;
import io.keyline.storage.WriteBatch;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.ManualClock;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The persisted stream descriptor and shard entries (see {@link StreamLayout}): format 2 round
 * trips, and a store written with format 1 (every shard inside the descriptor) is read and
 * rewritten as format 2 when the registry opens it.
 */
class StreamStateTest {
    private static final Namespace NS = new Namespace("000000000000", "us-east-1");

    /** A format-1 descriptor as the first version wrote it: the stream, then every shard's nine numbers. */
    private static byte[] firstFormat(long[][] shards) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(1);
            out.writeUTF(NS.account());
            out.writeUTF(NS.region());
            out.writeUTF("orders");
            out.writeLong(42);
            out.writeUTF(NS.tableArn("orders"));
            out.writeUTF("2026-12-01T00:00:00.000");
            out.writeUTF("NEW_IMAGE");
            out.writeLong(1_000);
            out.writeLong(-1);
            out.writeInt(shards.length);
            for (long[] s : shards) for (long v : s) out.writeLong(v);
        }
        return bytes.toByteArray();
    }

    @Test void formatTwoRoundTripsTheStreamAndEachShard() {
        StreamState s = new StreamState(7, NS, "orders", 42, NS.tableArn("orders"), "label", "KEYS_ONLY", 1_000);
        s.disabledMillis = 2_000;
        StreamState back = StreamState.decode(7, s.encode());
        assertThat(StreamState.formatOf(s.encode())).isEqualTo(StreamState.FORMAT);
        assertThat(back.arn()).isEqualTo(s.arn());
        assertThat(back.viewType).isEqualTo("KEYS_ONLY");
        assertThat(back.disabledMillis).isEqualTo(2_000);
        assertThat(back.shards).isEmpty();

        ShardState shard = new ShardState(3, 1, -5, 9, 100, 1_500);
        shard.close(180, 1_900);
        shard.trimmedBelow = 120;
        ShardState copy = StreamState.decodeShard(StreamState.encodeShard(shard));
        assertThat(List.of(copy.number, copy.parent, copy.startToken, copy.startSort, copy.startSequence, copy.createdMillis,
                copy.endSequence, copy.closedMillis, copy.trimmedBelow)).containsExactly(3L, 1L, -5L, 9L, 100L, 1_500L, 180L, 1_900L, 120L);
    }

    @Test void aFirstFormatDescriptorIsReadAndRewritten() throws IOException {
        MemoryStorage storage = new MemoryStorage();
        long[][] shards = {
                {1, -1, Long.MIN_VALUE, 0, 0, 1_000, 4, 1_200, 0},   // closed by a split
                {2, 1, Long.MIN_VALUE, 0, 5, 1_200, -1, -1, 5},     // its children
                {3, 1, 0, 0, 5, 1_200, -1, -1, 5}};
        storage.write(new WriteBatch().put(StreamLayout.descriptorKey(1), firstFormat(shards))
                .put(StreamLayout.recordKey(1, 3, 6), StreamLayout.encode(StreamLayout.EventName.INSERT, false, 1_300,
                        Map.of("p", new io.keyline.model.AttributeValue.S("a")), null, null)));

        StreamRegistry registry = new StreamRegistry(storage, new ManualClock());
        StreamState s = registry.stream(1);
        assertThat(s.shards).extracting(x -> x.number).containsExactly(1L, 2L, 3L);
        assertThat(s.shard(1).endSequence).isEqualTo(4);
        assertThat(s.shard(3).parent).isEqualTo(1);
        assertThat(registry.sequencer().next()).as("after the last record found").isEqualTo(7);
        assertThat(registry.enabledStream(42)).isSameAs(s);

        assertThat(StreamState.formatOf(storage.get(StreamLayout.descriptorKey(1)))).isEqualTo(StreamState.FORMAT);
        StreamState reread = new StreamRegistry(storage, new ManualClock()).stream(1);
        assertThat(reread.shards).extracting(x -> x.number + "/" + x.parent + "/" + x.endSequence).containsExactly("1/-1/4", "2/1/-1", "3/1/-1");
    }

    @Test void aShardOfSeveralNodesKeepsItsWriterAndAShardOfOneProcessStaysNineNumbers() {
        ShardState alone = new ShardState(3, 1, -5, 9, 100, 1_500);
        assertThat(StreamState.encodeShard(alone)).as("one process: the format as before").hasSize(72);
        assertThat(StreamState.decodeShard(StreamState.encodeShard(alone)).writer).isEqualTo(-1);

        ShardState shared = new ShardState(7, 3, StreamCluster.rangeStart(5), 0, 7L << 32, 1_600, 0);
        shared.close((7L << 32) + 41, 1_700);
        ShardState copy = StreamState.decodeShard(StreamState.encodeShard(shared));
        assertThat(StreamState.encodeShard(shared)).hasSize(80);
        assertThat(List.of(copy.number, copy.parent, copy.startSequence, copy.endSequence, copy.writer))
                .containsExactly(7L, 3L, 7L << 32, (7L << 32) + 41, 0L);
        assertThat(StreamCluster.rangeOf(copy.startToken)).isEqualTo(5);
    }

    @Test void streamRangesAreOwnershipsRanges() {
        for (long token : new long[] {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE, 0x0400_0000_0000_0000L, 0x03FF_FFFF_FFFF_FFFFL}) {
            assertThat(StreamCluster.rangeOf(token)).isEqualTo(io.keyline.engine.cluster.Ownership.rangeOf(token));
        }
        for (int r = 0; r < StreamCluster.RANGES; r++) {
            assertThat(io.keyline.engine.cluster.Ownership.rangeOf(StreamCluster.rangeStart(r))).isEqualTo(r);
            if (r > 0) assertThat(io.keyline.engine.cluster.Ownership.rangeOf(StreamCluster.rangeStart(r) - 1)).isEqualTo(r - 1);
        }
        assertThat(StreamCluster.RANGES).isEqualTo(io.keyline.engine.cluster.Ownership.RANGES);
    }
}
