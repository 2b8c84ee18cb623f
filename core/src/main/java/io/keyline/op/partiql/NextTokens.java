package io.keyline.op.partiql;

import io.keyline.error.Errors;
import io.keyline.model.AttributeValue;
import io.keyline.protocol.AttributeValueCodec;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * ExecuteStatement's NextToken: where the next page of a SELECT starts. Opaque to clients;
 * inside, base64 of a small JSON object: the statement's fingerprint (a token is good only for
 * the statement and parameters it came from), the partition (which value of an IN list) and the
 * LastEvaluatedKey of the page, absent when the next page starts at a partition's beginning.
 * Stateless.
 */
public final class NextTokens {
    /** Wording [inf] (docs/RULES.md#PARTIQL-ERRORS). */
    static final String INVALID = "Invalid NextToken";
    static final String MISMATCH = "NextToken does not match request";

    private NextTokens() {}

    /** A decoded token. */
    public record Position(int partition, Map<String, AttributeValue> lastKey) {}

    public static String encode(long fingerprint, int partition, Map<String, AttributeValue> lastKey) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("f", Long.toString(fingerprint));
        m.put("p", Integer.toString(partition));
        if (lastKey != null) m.put("k", lastKey);
        return Base64.getEncoder().encodeToString(Json.write(m));
    }

    /** The position a token names; null for no token. */
    public static Position decode(String token, long fingerprint) {
        if (token == null) return null;
        JsonObject o;
        try {
            o = JsonObject.of(Json.parse(Base64.getDecoder().decode(token.getBytes(StandardCharsets.US_ASCII))));
        } catch (RuntimeException e) {
            throw Errors.validation(INVALID);
        }
        try {
            if (!Long.toString(fingerprint).equals(o.string("f"))) throw Errors.validation(MISMATCH);
            int p = Integer.parseInt(o.string("p"));
            JsonObject k = o.object("k");
            return new Position(p, k == null ? null : AttributeValueCodec.decodeItem(k.raw()));
        } catch (io.keyline.error.ApiException e) {
            if (e.getMessage().equals(MISMATCH)) throw e;
            throw Errors.validation(INVALID);
        } catch (RuntimeException e) {
            throw Errors.validation(INVALID);
        }
    }
}
