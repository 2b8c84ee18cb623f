package io.keyline.engine.stream;

import io.keyline.error.InternalFailure;
import io.keyline.metadata.Namespace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * One stream of a table: what ListStreams and DescribeStream show of it, and its shards in
 * creation order (shard numbers increase, so this is also ShardId order). A table has at most one
 * open stream; enabling it again makes a new stream (a new label and ARN), and the old one stays
 * readable, DISABLED, for 24 hours (docs/RULES.md#STREAM-ENABLE). Mutable fields and the shard
 * list are guarded by this object's monitor. Persisted as a descriptor ({@link #encode}, format
 * version 2: the stream without its shards) and one entry per shard ({@link #encodeShard}); format
 * 1 held the shards in the descriptor, and {@link #decode} still reads it.
 */
final class StreamState {
    /** The descriptor without shards; shards under their own keys (see {@link StreamLayout}). */
    static final int FORMAT = 2;
    /** The first format: the descriptor and every shard in one value. */
    static final int FORMAT_WITH_SHARDS = 1;

    final long number;
    final Namespace namespace;
    final String tableName;
    final long tableKeyspaceId;
    final String tableArn;
    final String label;
    final String viewType;
    final long createdMillis;
    /** When the stream was disabled (or its table deleted), or -1 while it is enabled. */
    long disabledMillis = -1;
    final List<ShardState> shards = new ArrayList<>();
    /** Partition count of the table when the open shards were last matched to its partitions. */
    int knownPartitions;
    /** The open shards by partition position, as last matched; empty once disabled. */
    ShardState[] openByPartition = new ShardState[0];
    /** Several nodes: this node's open shard of each token range (null where it has none); null until it writes one. */
    ShardState[] writing;

    StreamState(long number, Namespace namespace, String tableName, long tableKeyspaceId, String tableArn, String label,
                String viewType, long createdMillis) {
        this.number = number;
        this.namespace = namespace;
        this.tableName = tableName;
        this.tableKeyspaceId = tableKeyspaceId;
        this.tableArn = tableArn;
        this.label = label;
        this.viewType = viewType;
        this.createdMillis = createdMillis;
    }

    String arn() { return tableArn + "/stream/" + label; }

    boolean enabled() { return disabledMillis < 0; }

    /**
     * DescribeStream's StreamStatus at {@code nowMillis} (docs/RULES.md#STREAM-STATUS): ENABLING
     * for {@code enablingMillis} after the stream was enabled, then ENABLED; once disabled,
     * DISABLING for {@code disablingMillis}, then DISABLED. Records are kept from the moment of
     * enabling and stop at once on disabling: only the status lingers, as DynamoDB shows it.
     */
    String status(long nowMillis, long enablingMillis, long disablingMillis) {
        if (enabled()) return nowMillis < createdMillis + enablingMillis ? "ENABLING" : "ENABLED";
        return nowMillis < disabledMillis + disablingMillis ? "DISABLING" : "DISABLED";
    }

    /** Open shards in partition order (by start). */
    List<ShardState> openShards() {
        List<ShardState> open = new ArrayList<>();
        for (ShardState s : shards) if (s.open()) open.add(s);
        open.sort((a, b) -> a.startToken != b.startToken ? Long.compare(a.startToken, b.startToken) : Long.compare(a.startSort, b.startSort));
        return open;
    }

    ShardState shard(long number) {
        for (ShardState s : shards) if (s.number == number) return s;
        return null;
    }

    long nextShardNumber() { return shards.isEmpty() ? 1 : shards.get(shards.size() - 1).number + 1; }

    /** The descriptor, format {@link #FORMAT}: the stream without its shards. */
    byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(FORMAT);
            writeStream(out);
        } catch (IOException e) { // a stream into memory does not fail
            throw new InternalFailure("encoding stream descriptor " + number, e.toString(), e);
        }
        return bytes.toByteArray();
    }

    private void writeStream(DataOutputStream out) throws IOException {
        out.writeUTF(namespace.account());
        out.writeUTF(namespace.region());
        out.writeUTF(tableName);
        out.writeLong(tableKeyspaceId);
        out.writeUTF(tableArn);
        out.writeUTF(label);
        out.writeUTF(viewType);
        out.writeLong(createdMillis);
        out.writeLong(disabledMillis);
    }

    /** One shard's entry: its nine numbers, and a tenth, its writer node, for a shard of several nodes. */
    static byte[] encodeShard(ShardState s) {
        ByteBuffer out = ByteBuffer.allocate(s.writer < 0 ? 72 : 80).putLong(s.number).putLong(s.parent).putLong(s.startToken)
                .putLong(s.startSort).putLong(s.startSequence).putLong(s.createdMillis).putLong(s.endSequence).putLong(s.closedMillis)
                .putLong(s.trimmedBelow);
        if (s.writer >= 0) out.putLong(s.writer);
        return out.array();
    }

    static ShardState decodeShard(byte[] value) {
        ByteBuffer in = ByteBuffer.wrap(value);
        long number = in.getLong(), parent = in.getLong(), startToken = in.getLong(), startSort = in.getLong();
        long startSequence = in.getLong(), createdMillis = in.getLong();
        long writer = value.length >= 80 ? ByteBuffer.wrap(value, 72, 8).getLong() : -1;
        ShardState shard = new ShardState(number, parent, startToken, startSort, startSequence, createdMillis, writer);
        shard.endSequence = in.getLong();
        shard.closedMillis = in.getLong();
        shard.trimmedBelow = in.getLong();
        return shard;
    }

    /**
     * A stream from its descriptor: of format 2 without shards (the caller adds them from their
     * entries), of format 1 with the shards it holds.
     */
    static StreamState decode(long number, byte[] value) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(value))) {
            int format = in.readInt();
            if (format != FORMAT && format != FORMAT_WITH_SHARDS) {
                throw new InternalFailure("decoding stream descriptor " + number, "format " + format);
            }
            Namespace ns = new Namespace(in.readUTF(), in.readUTF());
            StreamState s = new StreamState(number, ns, in.readUTF(), in.readLong(), in.readUTF(), in.readUTF(), in.readUTF(), in.readLong());
            s.disabledMillis = in.readLong();
            if (format == FORMAT) return s;
            int count = in.readInt();
            for (int i = 0; i < count; i++) {
                ShardState shard = new ShardState(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong());
                shard.endSequence = in.readLong();
                shard.closedMillis = in.readLong();
                shard.trimmedBelow = in.readLong();
                s.shards.add(shard);
            }
            return s;
        } catch (IOException e) {
            throw new InternalFailure("decoding stream descriptor " + number, e.toString(), e);
        }
    }

    /** The descriptor's format. */
    static int formatOf(byte[] value) { return ByteBuffer.wrap(value, 0, 4).getInt(); }
}
