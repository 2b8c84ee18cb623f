package io.keyline.engine.transaction;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The SHA-256 digest of a request's fingerprint (a tree of maps, lists and scalars, as the wire
 * JSON decodes), in a canonical form: map entries sorted by key, so two requests that differ only
 * in the order of their members have one digest, as two equal maps are equal. Persisted (in a
 * token's stamp), so the form never changes: each node is a type letter, a length and its bytes.
 * Stateless.
 */
final class RequestDigest {
    private RequestDigest() {}

    /** Base64 of the digest. */
    static String of(Object fingerprint) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        add(sha, fingerprint);
        return Base64.getEncoder().encodeToString(sha.digest());
    }

    private static void add(MessageDigest sha, Object node) {
        if (node == null) {
            sha.update((byte) 'Z');
        } else if (node instanceof Map<?, ?> map) {
            List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
            entries.sort((a, b) -> String.valueOf(a.getKey()).compareTo(String.valueOf(b.getKey())));
            header(sha, 'M', entries.size());
            for (Map.Entry<?, ?> e : entries) {
                text(sha, 'S', String.valueOf(e.getKey()));
                add(sha, e.getValue());
            }
        } else if (node instanceof Collection<?> list) {
            header(sha, 'L', list.size());
            for (Object item : list) add(sha, item);
        } else if (node instanceof String s) {
            text(sha, 'S', s);
        } else if (node instanceof BigDecimal n) {
            text(sha, 'N', n.toString());
        } else if (node instanceof Number n) {
            text(sha, 'N', n.toString());
        } else if (node instanceof Boolean b) {
            sha.update((byte) (b ? 'T' : 'F'));
        } else if (node instanceof byte[] bytes) {
            header(sha, 'Y', bytes.length);
            sha.update(bytes);
        } else {
            text(sha, 'O', node.getClass().getName() + ":" + node);
        }
    }

    private static void text(MessageDigest sha, char type, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        header(sha, type, b.length);
        sha.update(b);
    }

    private static void header(MessageDigest sha, char type, int length) {
        sha.update((byte) type);
        sha.update(new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length});
    }
}
