package io.keyline.sdk;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where a {@link ShardedQuery} stopped, over all its shards: for each shard, whether it has not
 * been read yet, where its next page starts (its LastEvaluatedKey) or that it is finished, and the
 * items already read from it but not yet returned, because the merge could not place them in this
 * page. Carrying those items instead of re-reading them keeps every item read, and paid for,
 * once; the cost is the token's size, at most about N times the shard page (with a Limit of L,
 * fewer than N x L items). A cursor is immutable: a failed page leaves it valid for a retry.
 *
 * <p>{@link #token()} is an opaque URL-safe string (deflated, as carried items repeat their
 * attribute names) that another process turns back into the cursor with {@link #parse}, to
 * resume with the same query. It holds a fingerprint of the query
 * it belongs to, checked on resume. Like a LastEvaluatedKey it carries item data in the clear
 * (Base64): do not hand it to parties that may not see the items.
 */
public final class ShardCursor {
    private static final int VERSION = 1;

    /** One shard's progress. {@code startKey} is null before the first read and after the last. */
    record Shard(boolean finished, Map<String, AttributeValue> startKey, List<Map<String, AttributeValue>> unreturned) {
        Shard {
            unreturned = List.copyOf(unreturned);
        }
    }

    private final long fingerprint;
    private final List<Shard> shards;

    ShardCursor(long fingerprint, List<Shard> shards) {
        this.fingerprint = fingerprint;
        this.shards = List.copyOf(shards);
    }

    long fingerprint() { return fingerprint; }

    List<Shard> shards() { return shards; }

    /** Items read from the shards and carried for the next page (for tests and for sizing). */
    public int carriedItems() {
        return shards.stream().mapToInt(s -> s.unreturned().size()).sum();
    }

    /** This cursor as an opaque, URL-safe string. */
    public String token() {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            bytes.write(VERSION);
            DeflaterOutputStream deflated = new DeflaterOutputStream(bytes);
            DataOutputStream out = new DataOutputStream(deflated);
            out.writeLong(fingerprint);
            out.writeInt(shards.size());
            for (Shard shard : shards) {
                out.writeBoolean(shard.finished());
                out.writeBoolean(shard.startKey() != null);
                if (shard.startKey() != null) AttributeValueBinary.writeItem(out, shard.startKey());
                out.writeInt(shard.unreturned().size());
                for (Map<String, AttributeValue> item : shard.unreturned()) AttributeValueBinary.writeItem(out, item);
            }
            out.close(); // finishes the deflated stream and frees its native Deflater
            return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
    }

    /** The cursor a {@link #token()} came from; IllegalArgumentException if it is not one. */
    public static ShardCursor parse(String token) {
        try {
            ByteArrayInputStream bytes = new ByteArrayInputStream(Base64.getUrlDecoder().decode(token));
            int version = bytes.read();
            if (version != VERSION) throw new IllegalArgumentException("not a shard cursor of version " + VERSION + ": " + version);
            try (DataInputStream in = new DataInputStream(new InflaterInputStream(bytes))) {
                return read(in);
            }
        } catch (IOException | IllegalArgumentException | NegativeArraySizeException e) {
            if (e instanceof IllegalArgumentException iae && iae.getMessage() != null && iae.getMessage().startsWith("not a shard cursor")) throw iae;
            throw new IllegalArgumentException("not a shard cursor token", e);
        }
    }

    private static ShardCursor read(DataInputStream in) throws IOException {
        long fingerprint = in.readLong();
        int count = in.readInt();
        if (count < 1 || count > 100_000) throw new IllegalArgumentException("not a shard cursor: " + count + " shards");
        List<Shard> shards = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            boolean finished = in.readBoolean();
            Map<String, AttributeValue> startKey = in.readBoolean() ? AttributeValueBinary.readItem(in) : null;
            int carried = in.readInt();
            List<Map<String, AttributeValue>> unreturned = new ArrayList<>();
            for (int j = 0; j < carried; j++) unreturned.add(AttributeValueBinary.readItem(in));
            shards.add(new Shard(finished, startKey, unreturned));
        }
        if (in.read() != -1) throw new IllegalArgumentException("not a shard cursor: trailing bytes");
        return new ShardCursor(fingerprint, shards);
    }

    @Override public String toString() {
        return "ShardCursor[" + shards.size() + " shards, " + carriedItems() + " items carried]";
    }
}
