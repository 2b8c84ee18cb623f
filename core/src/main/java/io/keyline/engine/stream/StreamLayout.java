package io.keyline.engine.stream;

import io.keyline.engine.codec.ItemCodec;
import io.keyline.error.InternalFailure;
import io.keyline.model.AttributeValue;
import io.keyline.storage.Keyspaces;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Map;

/**
 * Where stream data lives in storage and how a record is encoded. Persisted format, in the
 * catalog's keyspace 0 (the catalog uses tags 0x01, 0x02 and 0x10, the GSI change log 0x03):
 *
 * <pre>
 * record      prefix(0) | 0x20 | stream number (8) | shard number (8) | sequence (8)
 *             → event (1: 0 INSERT, 1 MODIFY, 2 REMOVE) | identity (1: 0 none, 1 service)
 *               | commit millis (8) | keys (4 + ItemCodec) | old image (4 + ItemCodec, length -1 absent)
 *               | new image (likewise)
 * descriptor  prefix(0) | 0x21 | stream number (8) → {@link StreamState#encode} (the stream; its
 *             shards too in format 1, which the registry rewrites as format 2 when it loads one)
 * shard       prefix(0) | 0x22 | stream number (8) | shard number (8) → {@link StreamState#encodeShard}
 * trim mark   prefix(0) | 0x23 | stream number (8) | shard number (8) → trimmed below (8)
 * </pre>
 *
 * Trim marks exist only with several Keyline nodes ({@link StreamCluster}): there a shard's entry
 * is written by its writer node alone (or, once that node is dead, by the node that closes it),
 * and the trimming node's progress goes under a key of its own, so that neither overwrites the
 * other's change of one entry.
 *
 * All numbers big-endian, so a shard's records are one key range in sequence order, and a
 * stream's shards one range in shard order. A shard has a key of its own so that a split or a
 * rollover writes the few shards it changes, not a descriptor of every shard the stream had in
 * 24 hours. Which images a record holds follows the stream's view type when it was written. Stateless.
 */
final class StreamLayout {
    static final byte RECORD_TAG = 0x20;
    static final byte DESCRIPTOR_TAG = 0x21;
    static final byte SHARD_TAG = 0x22;
    static final byte TRIM_MARK_TAG = 0x23;

    /** A decoded stream record. {@code oldImage}/{@code newImage} are null when absent or not kept. */
    record Stored(long sequence, EventName event, boolean serviceIdentity, long commitMillis,
                  Map<String, AttributeValue> keys, Map<String, AttributeValue> oldImage, Map<String, AttributeValue> newImage,
                  int sizeBytes) {}

    enum EventName { INSERT, MODIFY, REMOVE }

    private StreamLayout() {}

    static byte[] recordKey(long stream, long shard, long sequence) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(25).put(RECORD_TAG).putLong(stream).putLong(shard).putLong(sequence).array());
    }

    /** The first key of the shard's records (sequences are never negative, and sort as unsigned bytes). */
    static byte[] shardStart(long stream, long shard) { return recordKey(stream, shard, 0); }

    /** The first key after every record of the shard. */
    static byte[] shardEnd(long stream, long shard) {
        return shard == Long.MAX_VALUE ? streamEnd(stream) : recordKey(stream, shard + 1, 0);
    }

    static byte[] streamStart(long stream) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(RECORD_TAG).putLong(stream).array());
    }

    static byte[] streamEnd(long stream) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(RECORD_TAG).putLong(stream + 1).array());
    }

    static long sequenceOf(byte[] recordKey) {
        return ByteBuffer.wrap(recordKey, Keyspaces.PREFIX_LENGTH + 17, 8).getLong();
    }

    static byte[] descriptorKey(long stream) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(DESCRIPTOR_TAG).putLong(stream).array());
    }

    static byte[] descriptorsStart() { return Keyspaces.key(Keyspaces.CATALOG, new byte[] {DESCRIPTOR_TAG}); }

    static byte[] shardKey(long stream, long shard) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(17).put(SHARD_TAG).putLong(stream).putLong(shard).array());
    }

    /** The first key of the stream's shard entries. */
    static byte[] shardsStart(long stream) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(SHARD_TAG).putLong(stream).array());
    }

    /** The first key after the stream's shard entries. */
    static byte[] shardsEnd(long stream) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(SHARD_TAG).putLong(stream + 1).array());
    }

    static long shardOf(byte[] shardKey) {
        return ByteBuffer.wrap(shardKey, Keyspaces.PREFIX_LENGTH + 9, 8).getLong();
    }

    static byte[] trimMarkKey(long stream, long shard) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(17).put(TRIM_MARK_TAG).putLong(stream).putLong(shard).array());
    }

    static byte[] trimMarksStart(long stream) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(TRIM_MARK_TAG).putLong(stream).array());
    }

    static byte[] trimMarksEnd(long stream) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(TRIM_MARK_TAG).putLong(stream + 1).array());
    }

    static byte[] descriptorsEnd() { return Keyspaces.key(Keyspaces.CATALOG, new byte[] {DESCRIPTOR_TAG + 1}); }

    /**
     * A record of {@code keys} and the images as the item store encoded them ({@link ItemCodec};
     * null where absent or not kept), so an image is not encoded a second time for its record.
     */
    static byte[] encode(EventName event, boolean serviceIdentity, long commitMillis, Map<String, AttributeValue> keys,
                         byte[] oldImage, byte[] newImage) {
        byte[] k = ItemCodec.encode(keys);
        int size = 2 + 8 + 12 + k.length + (oldImage == null ? 0 : oldImage.length) + (newImage == null ? 0 : newImage.length);
        ByteBuffer b = ByteBuffer.allocate(size);
        b.put((byte) event.ordinal()).put((byte) (serviceIdentity ? 1 : 0)).putLong(commitMillis);
        b.putInt(k.length).put(k);
        putImage(b, oldImage);
        putImage(b, newImage);
        return b.array();
    }

    private static void putImage(ByteBuffer b, byte[] image) {
        if (image == null) {
            b.putInt(-1);
        } else {
            b.putInt(image.length).put(image);
        }
    }

    /** @throws InternalFailure if the stored record is not one this version writes */
    static Stored decode(byte[] key, byte[] value) {
        try {
            ByteBuffer b = ByteBuffer.wrap(value);
            int event = b.get();
            if (event < 0 || event > 2) throw corrupt(key, "event " + event);
            boolean service = b.get() == 1;
            long millis = b.getLong();
            Map<String, AttributeValue> keys = image(b);
            Map<String, AttributeValue> oldImage = image(b);
            Map<String, AttributeValue> newImage = image(b);
            return new Stored(sequenceOf(key), EventName.values()[event], service, millis, keys, oldImage, newImage, value.length);
        } catch (BufferUnderflowException | NegativeArraySizeException e) {
            throw corrupt(key, "truncated (" + value.length + " bytes)");
        }
    }

    private static Map<String, AttributeValue> image(ByteBuffer b) {
        int length = b.getInt();
        if (length < 0) return null;
        byte[] bytes = new byte[length];
        b.get(bytes);
        return ItemCodec.decode(bytes);
    }

    private static InternalFailure corrupt(byte[] key, String problem) {
        return new InternalFailure("decoding stream record " + sequenceOf(key), problem);
    }
}
