package io.keyline.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.error.ApiException;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** Request bodies must be well-formed UTF-8 with no lone surrogates, or two keys could become one item. */
class Utf8CheckTest {

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) b[i] = (byte) values[i];
        return b;
    }

    /** {"k":{"S":"<x>"}} with the given raw bytes in place of x. */
    private static byte[] bodyWith(byte[] raw) {
        byte[] head = "{\"k\":{\"S\":\"".getBytes(StandardCharsets.US_ASCII);
        byte[] tail = "\"}}".getBytes(StandardCharsets.US_ASCII);
        byte[] body = new byte[head.length + raw.length + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        System.arraycopy(raw, 0, body, head.length, raw.length);
        System.arraycopy(tail, 0, body, head.length + raw.length, tail.length);
        return body;
    }

    private static Object parseStream(byte[] body) {
        // One byte per read, so every multi-byte sequence straddles reads.
        InputStream trickle = new ByteArrayInputStream(body) {
            @Override public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
        return Json.parse(trickle);
    }

    @Test
    void wellFormedTextOfEveryLengthIsRead() {
        String text = "k/é中😀";
        byte[] body = bodyWith(text.getBytes(StandardCharsets.UTF_8));
        assertThat(Json.parse(body)).isEqualTo(Map.of("k", Map.of("S", text)));
        assertThat(parseStream(body)).isEqualTo(Map.of("k", Map.of("S", text)));
        // A surrogate pair escaped in JSON is one character outside the BMP: fine.
        byte[] escaped = "{\"k\":{\"S\":\"\\ud83d\\ude00\"}}".getBytes(StandardCharsets.US_ASCII);
        assertThat(Json.parse(escaped)).isEqualTo(Map.of("k", Map.of("S", "😀")));
    }

    @Test
    void malformedBytesAreASerializationException() {
        int[][] malformed = {
            {0xC0, 0xAF},             // overlong "/"
            {0xE0, 0x80, 0xAF},       // overlong "/" in three bytes
            {0xF0, 0x80, 0x80, 0xAF}, // and in four
            {0xED, 0xA0, 0x80},       // an encoded surrogate (U+D800)
            {0xF4, 0x90, 0x80, 0x80}, // past U+10FFFF
            {0xF5, 0x80, 0x80, 0x80},
            {0x80},                   // a continuation byte alone
            {0xE4, 0xB8},             // a sequence cut short
            {0xFF},
        };
        for (int[] raw : malformed) {
            byte[] body = bodyWith(bytes(raw));
            assertThatThrownBy(() -> Json.parse(body)).as("array %s", java.util.Arrays.toString(raw))
                    .isInstanceOf(ApiException.class).hasFieldOrPropertyWithValue("type", "com.amazon.coral.service#SerializationException");
            assertThatThrownBy(() -> parseStream(body)).as("stream %s", java.util.Arrays.toString(raw))
                    .isInstanceOf(ApiException.class).hasFieldOrPropertyWithValue("type", "com.amazon.coral.service#SerializationException");
        }
        byte[] cutAtTheEnd = bytes('"', 0xE4, 0xB8);
        assertThatThrownBy(() -> parseStream(cutAtTheEnd)).isInstanceOf(ApiException.class);
    }

    @Test
    void loneSurrogateEscapesAreASerializationException() {
        for (String s : new String[] {"k\\ud800", "k\\udfff", "\\ude00\\ud83d", "k\\ud83d"}) {
            byte[] value = ("{\"k\":{\"S\":\"" + s + "\"}}").getBytes(StandardCharsets.US_ASCII);
            byte[] name = ("{\"" + s + "\":{\"S\":\"v\"}}").getBytes(StandardCharsets.US_ASCII);
            assertThatThrownBy(() -> Json.parse(value)).as(s).isInstanceOf(ApiException.class)
                    .hasFieldOrPropertyWithValue("type", "com.amazon.coral.service#SerializationException");
            assertThatThrownBy(() -> parseStream(name)).as(s).isInstanceOf(ApiException.class)
                    .hasFieldOrPropertyWithValue("type", "com.amazon.coral.service#SerializationException");
        }
    }

    /** The checker agrees with the JDK's strict decoder on any bytes. */
    @Property(tries = 3000)
    void agreesWithTheJdksStrictDecoder(@ForAll @Size(max = 12) byte[] raw) {
        boolean jdk;
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(raw));
            jdk = true;
        } catch (CharacterCodingException e) {
            jdk = false;
        }
        assertThat(Utf8Check.wellFormed(raw)).isEqualTo(jdk);
    }
}
