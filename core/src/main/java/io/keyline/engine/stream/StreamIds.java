package io.keyline.engine.stream;

import io.keyline.error.Errors;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text forms of the Streams API: stream ARNs, shard ids, sequence numbers and shard
 * iterators (docs/RULES.md#STREAM-API). Sequence numbers are decimal, 21 digits (DynamoDB's are
 * 21 to 40), and compare as numbers in record order. A shard id is
 * {@code shardId-<20-digit shard number>-<8 hex>}, so shard ids sort in creation order. An
 * iterator is the stream ARN, {@code |1|} and a Base64 block of stream, shard, position and issue
 * time; it is not signed (a local database trusts its callers). Stateless.
 */
public final class StreamIds {
    /** Added to a sequence so its decimal text has 21 digits. */
    static final BigInteger SEQUENCE_BASE = BigInteger.TEN.pow(20);
    private static final Pattern ARN = Pattern.compile("arn:[^:]+:dynamodb:([^:]*):([^:]*):table/([^/]+)/stream/(.+)");
    private static final Pattern SHARD = Pattern.compile("shardId-(\\d{20})-([0-9a-f]{8})");
    private static final String ITERATOR_MARK = "|1|";

    /** A parsed stream ARN. */
    public record StreamName(String region, String account, String tableName, String label) {}

    /** A decoded shard iterator. */
    record Iterator(long stream, long shard, long position, long issuedMillis) {}

    private StreamIds() {}

    /** The parts of a stream ARN, or null if {@code arn} is not one. */
    public static StreamName parseArn(String arn) {
        Matcher m = ARN.matcher(arn);
        return m.matches() ? new StreamName(m.group(1), m.group(2), m.group(3), m.group(4)) : null;
    }

    static String sequence(long sequence) { return SEQUENCE_BASE.add(BigInteger.valueOf(sequence)).toString(); }

    /** The sequence a SequenceNumber names; ValidationException if it is none of ours. */
    static long parseSequence(String text) {
        try {
            BigInteger v = new BigInteger(text).subtract(SEQUENCE_BASE);
            if (text.startsWith("+") || text.startsWith("-") || v.signum() < 0 || v.bitLength() > 62) throw new NumberFormatException();
            return v.longValue();
        } catch (NumberFormatException e) {
            throw Errors.validation("Invalid SequenceNumber: " + text);
        }
    }

    static String shardId(long stream, long shard) {
        return String.format("shardId-%020d-%08x", shard, check(stream, shard));
    }

    /** The shard number an id of this stream names, or -1. */
    static long parseShardId(long stream, String id) {
        Matcher m = SHARD.matcher(id);
        if (!m.matches()) return -1;
        long shard = Long.parseLong(m.group(1));
        return String.format("%08x", check(stream, shard)).equals(m.group(2)) ? shard : -1;
    }

    private static int check(long stream, long shard) {
        long h = stream * 0x9E3779B97F4A7C15L ^ shard * 0xC2B2AE3D27D4EB4FL;
        return (int) (h ^ h >>> 29);
    }

    static String iterator(String arn, Iterator it) {
        byte[] b = ByteBuffer.allocate(32).putLong(it.stream()).putLong(it.shard()).putLong(it.position()).putLong(it.issuedMillis()).array();
        return arn + ITERATOR_MARK + Base64.getEncoder().encodeToString(b);
    }

    /** The iterator's content; ValidationException if the text is not an iterator. */
    static Iterator parseIterator(String text) {
        int at = text.lastIndexOf(ITERATOR_MARK);
        if (at < 0) throw Errors.validation("Invalid ShardIterator");
        try {
            byte[] b = Base64.getDecoder().decode(text.substring(at + ITERATOR_MARK.length()));
            if (b.length != 32) throw new IllegalArgumentException();
            ByteBuffer in = ByteBuffer.wrap(b);
            return new Iterator(in.getLong(), in.getLong(), in.getLong(), in.getLong());
        } catch (IllegalArgumentException e) {
            throw Errors.validation("Invalid ShardIterator");
        }
    }

    /** An event id: unique per record of the engine (its stream and sequence). */
    static String eventId(long stream, long sequence) {
        return String.format("%016x%016x", stream * 0x9E3779B97F4A7C15L, sequence);
    }
}
