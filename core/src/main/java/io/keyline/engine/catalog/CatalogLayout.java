package io.keyline.engine.catalog;

import io.keyline.error.InternalFailure;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.TableMetadata;
import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where the catalog lives in storage keyspace 0, and how it is read back.
 *
 * <p>{@code prefix(0) | 0x01} holds the next keyspace id (8 bytes big-endian);
 * {@code prefix(0) | 0x10 | account | 0x00 | region | 0x00 | name} holds a table's
 * {@link CatalogCodec} record (no part of the path holds a 0x00 byte). {@code prefix(0) | 0x02 |
 * name} held a format-1 record, written before tables had namespaces: {@link #readTables} reads
 * it into the default namespace and rewrites it under the new key, the old key deleted in the
 * same batch, so a crash leaves either layout whole. Tag 0x03 is the GSI change log's
 * ({@code engine.index.GsiChangeLog}), and 0x05 that of the logs of processes sharing a storage.
 * {@code prefix(0) | 0x04} holds, on a storage several processes share, the shared catalog
 * version whose change the stored records include (8 bytes big-endian; absent: 0). Stateless.
 */
final class CatalogLayout {
    private static final byte COUNTER_TAG = 0x01;
    /** Format-1 records (no namespace), read and migrated at load. */
    private static final byte LEGACY_TABLE_TAG = 0x02;
    private static final byte TABLE_TAG = 0x10;
    private static final byte VERSION_TAG = 0x04;

    private CatalogLayout() {}

    static byte[] counterKey() { return Keyspaces.key(Keyspaces.CATALOG, new byte[] {COUNTER_TAG}); }

    /** The next keyspace id as stored, or {@code first} on a new store. */
    static long readCounter(Storage storage, long first) { return readLong(storage, counterKey(), first); }

    private static long readLong(Storage storage, byte[] key, long absent) {
        byte[] b = storage.get(key);
        if (b == null) return absent;
        long v = 0;
        for (byte x : b) v = (v << 8) | (x & 0xff);
        return v;
    }

    static byte[] versionKey() { return Keyspaces.key(Keyspaces.CATALOG, new byte[] {VERSION_TAG}); }

    /** The shared catalog version the stored records include (0 if none was written). */
    static long readVersion(Storage storage) { return readLong(storage, versionKey(), 0); }

    static byte[] tableKey(Namespace ns, String name) {
        byte[] path = (ns.account() + '\0' + ns.region() + '\0' + name).getBytes(StandardCharsets.UTF_8);
        byte[] suffix = new byte[path.length + 1];
        suffix[0] = TABLE_TAG;
        System.arraycopy(path, 0, suffix, 1, path.length);
        return Keyspaces.key(Keyspaces.CATALOG, suffix);
    }

    /**
     * Every stored table, migrating format-1 records into namespace {@code home} on the way (a
     * format-1 table whose name {@code home} already holds is dropped from the old layout only).
     */
    static List<TableMetadata> readTables(Storage storage, Namespace home) {
        List<TableMetadata> out = new ArrayList<>();
        Set<String> homeNames = new HashSet<>();
        try (Cursor c = storage.range(tagStart(TABLE_TAG), tagStart(TABLE_TAG + 1), false)) {
            while (c.next()) {
                TableMetadata t = decodeStored(c.key(), c.value());
                out.add(t);
                if (t.namespace().equals(home)) homeNames.add(t.name());
            }
        }
        WriteBatch migration = new WriteBatch();
        try (Cursor c = storage.range(tagStart(LEGACY_TABLE_TAG), tagStart(LEGACY_TABLE_TAG + 1), false)) {
            while (c.next()) {
                TableMetadata t = decodeStored(c.key(), c.value()).inNamespace(home);
                migration.delete(c.key());
                if (!homeNames.add(t.name())) continue;
                migration.put(tableKey(home, t.name()), CatalogCodec.encode(t));
                out.add(t);
            }
        }
        if (!migration.isEmpty()) storage.write(migration);
        return out;
    }

    /** A stored record, or a failure that names the table whose record it is. */
    private static TableMetadata decodeStored(byte[] key, byte[] record) {
        try {
            return CatalogCodec.decode(record);
        } catch (InternalFailure e) {
            String name = new String(key, Keyspaces.PREFIX_LENGTH + 1, key.length - Keyspaces.PREFIX_LENGTH - 1, StandardCharsets.UTF_8)
                    .replace('\0', '/');
            throw new InternalFailure("loading the catalog record of table " + name, e.getMessage(), e);
        }
    }

    private static byte[] tagStart(int tag) { return Keyspaces.key(Keyspaces.CATALOG, new byte[] {(byte) tag}); }
}
