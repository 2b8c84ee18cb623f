package io.keyline.sdk;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A compact binary form of attribute values and items, for {@link ShardCursor} tokens: a type
 * byte, then lengths and UTF-8 or raw bytes. The SDK has no public serializer of its model, and
 * this one needs nothing but java.io. Map entries are written in name order so that equal maps
 * encode to equal bytes (the cursor's fingerprint relies on it). Stateless.
 */
final class AttributeValueBinary {
    private AttributeValueBinary() {}

    static void writeItem(DataOutputStream out, Map<String, AttributeValue> item) throws IOException {
        Map<String, AttributeValue> sorted = new TreeMap<>(item);
        out.writeInt(sorted.size());
        for (Map.Entry<String, AttributeValue> e : sorted.entrySet()) {
            writeString(out, e.getKey());
            write(out, e.getValue());
        }
    }

    static Map<String, AttributeValue> readItem(DataInputStream in) throws IOException {
        int size = in.readInt();
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        for (int i = 0; i < size; i++) item.put(readString(in), read(in));
        return item;
    }

    static void write(DataOutputStream out, AttributeValue v) throws IOException {
        switch (v.type()) {
            case S -> { out.writeByte('S'); writeString(out, v.s()); }
            case N -> { out.writeByte('N'); writeString(out, v.n()); }
            case B -> { out.writeByte('B'); writeBytes(out, v.b().asByteArrayUnsafe()); }
            case BOOL -> { out.writeByte('T'); out.writeBoolean(v.bool()); }
            case NUL -> out.writeByte('0');
            case SS -> { out.writeByte('s'); writeStrings(out, v.ss()); }
            case NS -> { out.writeByte('n'); writeStrings(out, v.ns()); }
            case BS -> {
                out.writeByte('b');
                out.writeInt(v.bs().size());
                for (SdkBytes b : v.bs()) writeBytes(out, b.asByteArrayUnsafe());
            }
            case L -> {
                out.writeByte('L');
                out.writeInt(v.l().size());
                for (AttributeValue e : v.l()) write(out, e);
            }
            case M -> { out.writeByte('M'); writeItem(out, v.m()); }
            default -> throw new IllegalArgumentException("cannot encode an attribute value of type " + v.type());
        }
    }

    static AttributeValue read(DataInputStream in) throws IOException {
        int tag = in.readUnsignedByte();
        return switch (tag) {
            case 'S' -> AttributeValue.fromS(readString(in));
            case 'N' -> AttributeValue.fromN(readString(in));
            case 'B' -> AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(readBytes(in)));
            case 'T' -> AttributeValue.fromBool(in.readBoolean());
            case '0' -> AttributeValue.fromNul(true);
            case 's' -> AttributeValue.fromSs(readStrings(in));
            case 'n' -> AttributeValue.fromNs(readStrings(in));
            case 'b' -> {
                int n = in.readInt();
                List<SdkBytes> bs = new ArrayList<>(n);
                for (int i = 0; i < n; i++) bs.add(SdkBytes.fromByteArrayUnsafe(readBytes(in)));
                yield AttributeValue.fromBs(bs);
            }
            case 'L' -> {
                int n = in.readInt();
                List<AttributeValue> l = new ArrayList<>(n);
                for (int i = 0; i < n; i++) l.add(read(in));
                yield AttributeValue.fromL(l);
            }
            case 'M' -> AttributeValue.fromM(readItem(in));
            default -> throw new IOException("unknown attribute value tag " + tag);
        };
    }

    static void writeString(DataOutputStream out, String s) throws IOException {
        writeBytes(out, s.getBytes(StandardCharsets.UTF_8));
    }

    static String readString(DataInputStream in) throws IOException {
        return new String(readBytes(in), StandardCharsets.UTF_8);
    }

    private static void writeStrings(DataOutputStream out, List<String> strings) throws IOException {
        out.writeInt(strings.size());
        for (String s : strings) writeString(out, s);
    }

    private static List<String> readStrings(DataInputStream in) throws IOException {
        int n = in.readInt();
        List<String> strings = new ArrayList<>(n);
        for (int i = 0; i < n; i++) strings.add(readString(in));
        return strings;
    }

    private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) throw new IOException("negative length " + n);
        return in.readNBytes(n);
    }
}
