package io.keyline.engine.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a transaction's coordinator and the owners of its other items say to each other
 * ({@link ItemLoans}, docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS), and its binary form (big-endian,
 * versioned by its first byte): a {@link Lend} or a {@link GiveBack}, answered by an
 * {@link Answer}. Immutable values.
 */
public final class LoanMessages {
    static final byte VERSION = 1;
    private static final byte LEND = 1;
    private static final byte GIVE_BACK = 2;
    /** At most this many items in one loan (a transaction has at most 100). */
    static final int MAX_ITEMS = 1_000;

    private LoanMessages() {}

    /** A request on the loan channel: a lend or a give-back. */
    public sealed interface Request permits Lend, GiveBack {
        byte[] encode();
    }

    /**
     * Lend these items (their tokens, their stored keys) to {@code coordinator}'s transaction, as
     * its loan {@code loan}: the coordinator names its loans, so it can give back one whose answer
     * it never got.
     */
    public record Lend(String coordinator, long loan, List<Long> tokens, List<byte[]> keys) implements Request {
        public Lend {
            tokens = List.copyOf(tokens);
            keys = List.copyOf(keys);
            if (tokens.size() != keys.size()) throw new IllegalArgumentException("one token per key");
        }

        @Override public byte[] encode() {
            return write(out -> {
                out.writeByte(LEND);
                out.writeUTF(coordinator);
                out.writeLong(loan);
                out.writeInt(keys.size());
                for (int i = 0; i < keys.size(); i++) {
                    out.writeLong(tokens.get(i));
                    out.writeInt(keys.get(i).length);
                    out.write(keys.get(i));
                }
            });
        }
    }

    /** {@code coordinator} is done with its loan {@code loan} (or gives up on one it never heard about). */
    public record GiveBack(String coordinator, long loan) implements Request {
        @Override public byte[] encode() {
            return write(out -> {
                out.writeByte(GIVE_BACK);
                out.writeUTF(coordinator);
                out.writeLong(loan);
            });
        }
    }

    /** How a lend went ({@code GIVEN_BACK}: the answer to a give-back). */
    public enum Status { LENT, BUSY, NOT_OWNER, UNAVAILABLE, GIVEN_BACK }

    /**
     * The answer: for {@link Status#LENT}, the end of the lender's term on the items' ranges
     * (epoch millis, on the coordination's clock); for {@link Status#BUSY}, the positions (into
     * the lend's items) that another transaction holds.
     */
    public record Answer(Status status, long termEndMillis, List<Integer> busy) {
        public Answer {
            busy = List.copyOf(busy);
        }

        static Answer lent(long termEndMillis) { return new Answer(Status.LENT, termEndMillis, List.of()); }

        static Answer of(Status status) { return new Answer(status, 0, List.of()); }

        public byte[] encode() {
            return write(out -> {
                out.writeByte(status.ordinal());
                out.writeLong(termEndMillis);
                out.writeInt(busy.size());
                for (int p : busy) out.writeInt(p);
            });
        }

        public static Answer decode(byte[] body) {
            return read(body, in -> {
                int status = in.readUnsignedByte();
                if (status >= Status.values().length) throw new IllegalArgumentException("unknown loan status " + status);
                long end = in.readLong();
                int n = count(in.readInt());
                List<Integer> busy = new ArrayList<>(n);
                for (int i = 0; i < n; i++) busy.add(in.readInt());
                return new Answer(Status.values()[status], end, busy);
            });
        }
    }

    /** A request as it arrived; IllegalArgumentException if it is not one. */
    public static Request decode(byte[] body) {
        return read(body, in -> {
            byte kind = in.readByte();
            if (kind == GIVE_BACK) return new GiveBack(in.readUTF(), in.readLong());
            if (kind != LEND) throw new IllegalArgumentException("unknown loan request " + kind);
            String coordinator = in.readUTF();
            long loan = in.readLong();
            int n = count(in.readInt());
            List<Long> tokens = new ArrayList<>(n);
            List<byte[]> keys = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                tokens.add(in.readLong());
                int length = in.readInt();
                if (length < 0 || length > in.available()) throw new IllegalArgumentException("a key of " + length + " bytes");
                byte[] key = new byte[length];
                in.readFully(key);
                keys.add(key);
            }
            return new Lend(coordinator, loan, tokens, keys);
        });
    }

    private static int count(int n) {
        if (n < 0 || n > MAX_ITEMS) throw new IllegalArgumentException("a loan of " + n + " items");
        return n;
    }

    private interface Writer { void write(DataOutputStream out) throws IOException; }

    private interface Reader<T> { T read(DataInputStream in) throws IOException; }

    private static byte[] write(Writer writer) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            writer.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static <T> T read(byte[] body, Reader<T> reader) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(body))) {
            if (in.readByte() != VERSION) throw new IllegalArgumentException("a loan message of another version");
            return reader.read(in);
        } catch (IOException e) {
            throw new IllegalArgumentException("a truncated loan message", e);
        }
    }
}
