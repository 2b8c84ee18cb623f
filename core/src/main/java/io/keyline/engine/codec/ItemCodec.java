package io.keyline.engine.codec;

import io.keyline.model.AttributeValue;
import io.keyline.model.Binary;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The stored form of an item: compact binary, attribute order preserved. Persisted format;
 * golden-file tested: change it only with a new version byte, and keep decoding old ones.
 *
 * <pre>
 * item   = version (0x01) | count | (name value)*
 * name   = length | UTF-8 bytes              (length and count are unsigned LEB128 varints)
 * value  = type code | payload:
 *   0x01 S      length | UTF-8
 *   0x02 N      zigzag scale | zigzag unscaled   (unscaled fits a long)
 *   0x03 N      zigzag scale | length | unscaled as big-endian two's complement
 *   0x04 B      length | bytes
 *   0x05 false  0x06 true  0x07 NULL
 *   0x08 L      count | value*
 *   0x09 M      count | (name value)*
 *   0x0A SS     count | (length | UTF-8)*
 *   0x0B NS     count | (0x02 or 0x03 number)*
 *   0x0C BS     count | (length | bytes)*
 * </pre>
 *
 * A number is stored as its normalized BigDecimal (scale and unscaled value), so decoding
 * needs no text parsing. Thread-safe (each thread encodes into its own scratch buffer); malformed input fails with
 * IllegalArgumentException.
 */
public final class ItemCodec {
    public static final int FORMAT_VERSION = 1;

    static final int S = 0x01;
    static final int N_LONG = 0x02;
    static final int N_BIG = 0x03;
    static final int B = 0x04;
    static final int FALSE = 0x05;
    static final int TRUE = 0x06;
    static final int NULL = 0x07;
    static final int L = 0x08;
    static final int M = 0x09;
    static final int SS = 0x0A;
    static final int NS = 0x0B;
    static final int BS = 0x0C;

    /**
     * Each thread encodes into one reused buffer and copies out only the finished item: a write
     * then allocates the stored bytes and nothing else (the buffer used to start small, grow and
     * be copied, plus a temporary array per string). Encoding is a leaf (it calls nothing that
     * encodes), so one buffer per thread cannot be used twice at once. A buffer grown past
     * {@link #MAX_KEPT_SCRATCH_BYTES} by a large item is dropped rather than kept for the thread's life.
     */
    private static final ThreadLocal<ByteSink> SCRATCH = ThreadLocal.withInitial(() -> new ByteSink(1024));
    private static final int MAX_KEPT_SCRATCH_BYTES = 64 * 1024;

    private ItemCodec() {}

    public static byte[] encode(Map<String, AttributeValue> item) {
        ByteSink out = SCRATCH.get();
        out.reset();
        out.write(FORMAT_VERSION);
        writeMap(out, item);
        byte[] encoded = out.toByteArray();
        if (out.capacity() > MAX_KEPT_SCRATCH_BYTES) SCRATCH.remove();
        return encoded;
    }

    /** A fresh, mutable map in the stored attribute order. */
    public static Map<String, AttributeValue> decode(byte[] bytes) {
        ByteSource in = new ByteSource(bytes);
        int version = in.read();
        if (version != FORMAT_VERSION) throw new IllegalArgumentException("unknown item format version " + version);
        Map<String, AttributeValue> item = readMap(in);
        if (in.hasMore()) throw new IllegalArgumentException("corrupt item: " + in.remaining() + " bytes after the last attribute");
        return item;
    }

    private static void writeMap(ByteSink out, Map<String, AttributeValue> map) {
        out.writeVarint(map.size());
        for (Map.Entry<String, AttributeValue> e : map.entrySet()) {
            writeString(out, e.getKey());
            writeValue(out, e.getValue());
        }
    }

    private static void writeValue(ByteSink out, AttributeValue value) {
        if (value instanceof AttributeValue.S s) {
            out.write(S);
            writeString(out, s.value());
        } else if (value instanceof AttributeValue.N n) {
            writeNumber(out, n.value());
        } else if (value instanceof AttributeValue.B b) {
            out.write(B);
            writeBinary(out, b.value());
        } else if (value instanceof AttributeValue.Bool bool) {
            out.write(bool.value() ? TRUE : FALSE);
        } else if (value instanceof AttributeValue.Null) {
            out.write(NULL);
        } else if (value instanceof AttributeValue.L list) {
            out.write(L);
            out.writeVarint(list.values().size());
            for (AttributeValue v : list.values()) writeValue(out, v);
        } else if (value instanceof AttributeValue.M map) {
            out.write(M);
            writeMap(out, map.values());
        } else if (value instanceof AttributeValue.SS ss) {
            out.write(SS);
            out.writeVarint(ss.values().size());
            for (String s : ss.values()) writeString(out, s);
        } else if (value instanceof AttributeValue.NS ns) {
            out.write(NS);
            out.writeVarint(ns.values().size());
            for (BigDecimal v : ns.values()) writeNumber(out, v);
        } else if (value instanceof AttributeValue.BS bs) {
            out.write(BS);
            out.writeVarint(bs.values().size());
            for (Binary b : bs.values()) writeBinary(out, b);
        } else {
            throw new IllegalArgumentException("cannot encode " + value);
        }
    }

    /** Length-prefixed UTF-8. An ASCII string is its own UTF-8, so it is copied without a temporary array. */
    private static void writeString(ByteSink out, String s) {
        int mark = out.size();
        out.writeVarint(s.length());
        if (out.writeAscii(s)) return;
        out.truncate(mark);
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        out.writeVarint(utf8.length);
        out.write(utf8);
    }

    private static void writeBinary(ByteSink out, Binary b) {
        out.writeVarint(b.length());
        out.write(b.unsafeArray());
    }

    private static void writeNumber(ByteSink out, BigDecimal v) {
        BigInteger unscaled = v.unscaledValue();
        if (unscaled.bitLength() < 64) {
            out.write(N_LONG);
            out.writeVarint(zigzag(v.scale()));
            out.writeVarint(zigzag(unscaled.longValue()));
        } else {
            out.write(N_BIG);
            out.writeVarint(zigzag(v.scale()));
            byte[] bytes = unscaled.toByteArray();
            out.writeVarint(bytes.length);
            out.write(bytes);
        }
    }

    private static Map<String, AttributeValue> readMap(ByteSource in) {
        int count = in.readLength();
        Map<String, AttributeValue> map = new LinkedHashMap<>(Math.max(4, count * 4 / 3 + 1));
        for (int i = 0; i < count; i++) {
            String name = readString(in);
            if (map.put(name, readValue(in)) != null) throw new IllegalArgumentException("corrupt item: attribute " + name + " twice");
        }
        return map;
    }

    private static AttributeValue readValue(ByteSource in) {
        int code = in.read();
        switch (code) {
            case S: return new AttributeValue.S(readString(in));
            case N_LONG:
            case N_BIG: return new AttributeValue.N(readNumber(in, code));
            case B: return new AttributeValue.B(readBinary(in));
            case FALSE: return AttributeValue.Bool.FALSE;
            case TRUE: return AttributeValue.Bool.TRUE;
            case NULL: return AttributeValue.Null.INSTANCE;
            case L: {
                int count = in.readLength();
                List<AttributeValue> values = new ArrayList<>(count);
                for (int i = 0; i < count; i++) values.add(readValue(in));
                return new AttributeValue.L(values);
            }
            case M: return new AttributeValue.M(readMap(in));
            case SS: {
                int count = in.readLength();
                Set<String> values = new LinkedHashSet<>(Math.max(4, count * 4 / 3 + 1));
                for (int i = 0; i < count; i++) values.add(readString(in));
                return new AttributeValue.SS(values);
            }
            case NS: {
                int count = in.readLength();
                Set<BigDecimal> values = new LinkedHashSet<>(Math.max(4, count * 4 / 3 + 1));
                for (int i = 0; i < count; i++) values.add(readNumber(in, in.read()));
                return new AttributeValue.NS(values);
            }
            case BS: {
                int count = in.readLength();
                Set<Binary> values = new LinkedHashSet<>(Math.max(4, count * 4 / 3 + 1));
                for (int i = 0; i < count; i++) values.add(readBinary(in));
                return new AttributeValue.BS(values);
            }
            default: throw new IllegalArgumentException("corrupt item: unknown type code " + code);
        }
    }

    private static String readString(ByteSource in) {
        int length = in.readLength();
        int at = in.skip(length);
        return new String(in.data(), at, length, StandardCharsets.UTF_8);
    }

    private static Binary readBinary(ByteSource in) {
        return Binary.wrap(in.readBytes(in.readLength()));
    }

    private static BigDecimal readNumber(ByteSource in, int code) {
        long scale = unzigzag(in.readVarint());
        if (scale != (int) scale) throw new IllegalArgumentException("corrupt item: number scale " + scale);
        if (code == N_LONG) return BigDecimal.valueOf(unzigzag(in.readVarint()), (int) scale);
        if (code != N_BIG) throw new IllegalArgumentException("corrupt item: number code " + code);
        byte[] bytes = in.readBytes(in.readLength());
        if (bytes.length == 0) throw new IllegalArgumentException("corrupt item: empty number");
        return new BigDecimal(new BigInteger(bytes), (int) scale);
    }

    private static long zigzag(long v) { return (v << 1) ^ (v >> 63); }

    private static long unzigzag(long v) { return (v >>> 1) ^ -(v & 1); }
}
