package io.keyline.server;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Cross-origin resource sharing as DynamoDB's endpoint answers it, so that the AWS SDK for
 * JavaScript in a browser page can call the server (docs/RULES.md#AUTH-CORS): a request with an
 * {@code Origin} header gets {@code Access-Control-Allow-Origin: *} and the response headers the
 * SDK reads exposed; a preflight ({@code OPTIONS} with {@code Origin}) is answered 200 with no
 * body, the method and headers it asks for allowed as asked, and {@code Access-Control-Max-Age}.
 * A request without {@code Origin} gets none of these. No credentials are ever allowed
 * cross-origin ({@code *} forbids it), so a page cannot borrow a browser's Basic login to the
 * admin pages. Stateless.
 */
final class Cors {
    static final String ALLOW_ORIGIN = "Access-Control-Allow-Origin";
    static final String EXPOSE_HEADERS = "Access-Control-Expose-Headers";
    static final String MAX_AGE = "Access-Control-Max-Age";
    static final String ALLOW_METHODS = "Access-Control-Allow-Methods";
    static final String ALLOW_HEADERS = "Access-Control-Allow-Headers";
    /** The headers DynamoDB exposes (dynalite index.js, recorded from DynamoDB). */
    static final String EXPOSED = "x-amzn-RequestId,x-amzn-ErrorType,x-amz-request-id,x-amz-id-2,x-amzn-ErrorMessage,Date";
    /** How long a browser may keep a preflight's answer: two days, as DynamoDB says (dynalite index.js). */
    static final String MAX_AGE_SECONDS = "172800";

    private Cors() {}

    /** The answer to a preflight that asks for {@code method} and {@code headers} (either may be null). */
    static Reply preflight(String method, String headers) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put(ALLOW_ORIGIN, "*");
        h.put(EXPOSE_HEADERS, EXPOSED);
        if (method != null) h.put(ALLOW_METHODS, printable(method));
        if (headers != null) h.put(ALLOW_HEADERS, printable(headers));
        h.put(MAX_AGE, MAX_AGE_SECONDS);
        return new Reply(200, null, new byte[0], h);
    }

    /** {@code reply} with the headers of a cross-origin answer added. */
    static Reply allow(Reply reply) {
        Map<String, String> h = new LinkedHashMap<>(reply.headers());
        h.put(ALLOW_ORIGIN, "*");
        h.put(EXPOSE_HEADERS, EXPOSED);
        return new Reply(reply.status(), reply.contentType(), reply.body(), h);
    }

    /** An echoed value as printable ASCII only: it goes back into a response header. */
    private static String printable(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length() && i < 4096; i++) {
            char c = value.charAt(i);
            if (c >= 0x20 && c < 0x7f) out.append(c);
        }
        return out.toString();
    }
}
