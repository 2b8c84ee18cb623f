package io.keyline.engine.backup;

import io.keyline.engine.catalog.Catalog;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.error.InternalFailure;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.storage.Keyspaces;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Map;

/**
 * Where backups and point-in-time recovery live in storage, and how their records are encoded.
 * Persisted format, in the catalog's keyspace 0 (the catalog uses tags 0x01 to 0x10, streams
 * 0x20 and 0x21):
 *
 * <pre>
 * backup      prefix(0) | 0x30 | backup keyspace (8)  → {@link StoredBackup}: format 1 | keyspace | arn | name
 *             | type | created millis | available millis | complete | size | item count | source definition
 * recovery    prefix(0) | 0x31 | table keyspace (8)   → {@link RecoveryState}: format 1 | complete | log keyspace
 *             | base keyspace | period days | earliest millis
 * restore     prefix(0) | 0x32 | table keyspace (8)   → format 1 | source backup arn ("" none) | source table arn
 *             | restore millis
 * log entry   prefix(log keyspace) | commit millis (8) | sequence (8) → format 1 | keys (4 + ItemCodec)
 *             | new image (4 + ItemCodec, length -1: the item was deleted)
 * </pre>
 *
 * A backup's items sit in its keyspace under the same key suffixes as in the table they came from,
 * likewise a recovery base's. Numbers are big-endian, so a log keyspace is in commit order.
 * The source definition is the catalog's own record ({@link Catalog#encodeDefinition}). Stateless.
 */
final class BackupLayout {
    static final byte BACKUP_TAG = 0x30;
    static final byte RECOVERY_TAG = 0x31;
    static final byte RESTORE_TAG = 0x32;
    private static final int FORMAT = 1;

    private BackupLayout() {}

    static byte[] key(byte tag, long keyspace) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(tag).putLong(keyspace).array());
    }

    static byte[] tagStart(byte tag) { return Keyspaces.key(Keyspaces.CATALOG, new byte[] {tag}); }

    static byte[] tagEnd(byte tag) { return Keyspaces.key(Keyspaces.CATALOG, new byte[] {(byte) (tag + 1)}); }

    // ---- log entries -------------------------------------------------------------------------

    static byte[] logKey(long logKeyspace, long millis, long sequence) {
        return Keyspaces.key(logKeyspace, ByteBuffer.allocate(16).putLong(millis).putLong(sequence).array());
    }

    static long logMillis(byte[] key) { return ByteBuffer.wrap(key, Keyspaces.PREFIX_LENGTH, 8).getLong(); }

    static long logSequence(byte[] key) { return ByteBuffer.wrap(key, Keyspaces.PREFIX_LENGTH + 8, 8).getLong(); }

    /** One logged change: the item's key attributes and its image after the write (null: deleted). */
    record Change(Map<String, AttributeValue> keys, Map<String, AttributeValue> image) {}

    static byte[] encodeChange(Map<String, AttributeValue> keys, Map<String, AttributeValue> image) {
        byte[] k = ItemCodec.encode(keys);
        byte[] n = image == null ? null : ItemCodec.encode(image);
        ByteBuffer b = ByteBuffer.allocate(1 + 8 + k.length + (n == null ? 0 : n.length));
        b.put((byte) FORMAT).putInt(k.length).put(k);
        if (n == null) b.putInt(-1);
        else b.putInt(n.length).put(n);
        return b.array();
    }

    static Change decodeChange(byte[] value) {
        ByteBuffer b = ByteBuffer.wrap(value);
        if (b.get() != FORMAT) throw new InternalFailure("decoding a point-in-time recovery log entry", "unknown format");
        byte[] k = new byte[b.getInt()];
        b.get(k);
        int n = b.getInt();
        if (n < 0) return new Change(ItemCodec.decode(k), null);
        byte[] image = new byte[n];
        b.get(image);
        return new Change(ItemCodec.decode(k), ItemCodec.decode(image));
    }

    // ---- records -----------------------------------------------------------------------------

    static byte[] encode(StoredBackup b) {
        return write(out -> {
            out.writeLong(b.keyspace());
            out.writeUTF(b.arn());
            out.writeUTF(b.name());
            out.writeUTF(b.type());
            out.writeLong(b.created().toEpochMilli());
            out.writeLong(b.availableAt().toEpochMilli());
            out.writeBoolean(b.complete());
            out.writeLong(b.sizeBytes());
            out.writeLong(b.itemCount());
            byte[] source = Catalog.encodeDefinition(b.source());
            out.writeInt(source.length);
            out.write(source);
        });
    }

    static StoredBackup decodeBackup(byte[] bytes) {
        return read(bytes, "a backup record", in -> {
            long keyspace = in.readLong();
            String arn = in.readUTF();
            String name = in.readUTF();
            String type = in.readUTF();
            Instant created = Instant.ofEpochMilli(in.readLong());
            Instant available = Instant.ofEpochMilli(in.readLong());
            boolean complete = in.readBoolean();
            long size = in.readLong();
            long count = in.readLong();
            byte[] source = new byte[in.readInt()];
            in.readFully(source);
            TableMetadata t = Catalog.decodeDefinition(source);
            return new StoredBackup(keyspace, arn, name, type, created, available, complete, size, count, t);
        });
    }

    static byte[] encode(RecoveryState s) {
        return write(out -> {
            out.writeBoolean(s.complete);
            out.writeLong(s.logKeyspace);
            out.writeLong(s.baseKeyspace);
            out.writeInt(s.periodDays);
            out.writeLong(s.earliestMillis);
        });
    }

    static RecoveryState decodeRecovery(long tableKeyspace, byte[] bytes) {
        return read(bytes, "a point-in-time recovery record", in -> {
            boolean complete = in.readBoolean();
            long log = in.readLong();
            long base = in.readLong();
            int days = in.readInt();
            long earliest = in.readLong();
            return new RecoveryState(tableKeyspace, log, base, days, earliest, complete);
        });
    }

    static byte[] encode(RestoreRecord r) {
        return write(out -> {
            out.writeUTF(r.sourceBackupArn() == null ? "" : r.sourceBackupArn());
            out.writeUTF(r.sourceTableArn());
            out.writeLong(r.restoreTime().toEpochMilli());
        });
    }

    static RestoreRecord decodeRestore(long tableKeyspace, byte[] bytes) {
        return read(bytes, "a restore record", in -> {
            String backup = in.readUTF();
            String table = in.readUTF();
            Instant at = Instant.ofEpochMilli(in.readLong());
            return new RestoreRecord(tableKeyspace, backup.isEmpty() ? null : backup, table, at);
        });
    }

    private interface Writer { void write(DataOutputStream out) throws IOException; }

    private interface Reader<T> { T read(DataInputStream in) throws IOException; }

    private static byte[] write(Writer w) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(FORMAT);
            w.write(out);
        } catch (IOException e) {
            throw new InternalFailure("encoding a backup record", e.getMessage(), e);
        }
        return bytes.toByteArray();
    }

    private static <T> T read(byte[] bytes, String what, Reader<T> r) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            int format = in.readUnsignedByte();
            if (format != FORMAT) throw new InternalFailure("decoding " + what, "format " + format + " is not readable by this version");
            return r.read(in);
        } catch (IOException e) {
            throw new InternalFailure("decoding " + what, e.getMessage(), e);
        }
    }
}
