package io.keyline.server.sigv4;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * SigV4's canonical request, as AWS defines it (IAM User Guide, "Create a signed AWS API
 * request", step 1) for every service but S3:
 * <pre>
 * METHOD \n CANONICAL-URI \n CANONICAL-QUERY \n CANONICAL-HEADERS \n SIGNED-HEADERS \n PAYLOAD-HASH
 * </pre>
 * the URI path percent-encoded again as sent (the SDKs encode each path segment twice; DynamoDB's
 * path is {@code /}), the query parameters decoded, re-encoded (RFC 3986 unreserved characters
 * kept, others {@code %XY} in upper case) and sorted by name then value (a presigned query without
 * its {@code X-Amz-Signature}), each signed header as {@code name:value} with the name in lower
 * case, the values of a repeated header joined by commas and each value trimmed with runs of
 * spaces made one (what proxies may change), then the signed header names and the payload hash.
 * docs/RULES.md#AUTH-SIGV4-CANONICAL. Stateless.
 */
final class CanonicalRequest {
    private CanonicalRequest() {}

    static String of(SignedRequest request, List<String> signedHeaders, String payloadHash, boolean presigned) {
        StringBuilder out = new StringBuilder(512);
        out.append(request.method()).append('\n');
        out.append(uri(request.rawPath())).append('\n');
        out.append(query(request.rawQuery(), presigned)).append('\n');
        StringBuilder names = new StringBuilder();
        for (String signed : signedHeaders) {
            String name = signed.trim().toLowerCase(Locale.ROOT);
            out.append(name).append(':').append(headerValue(request.headerAll().apply(name))).append('\n');
            if (!names.isEmpty()) names.append(';');
            names.append(name);
        }
        out.append('\n').append(names).append('\n').append(payloadHash);
        return out.toString();
    }

    /** The path as sent, encoded once more; {@code /} for an empty one. */
    static String uri(String rawPath) {
        if (rawPath == null || rawPath.isEmpty()) return "/";
        return encode(rawPath, true);
    }

    static String query(String rawQuery, boolean presigned) {
        if (rawQuery == null || rawQuery.isEmpty()) return "";
        List<String[]> params = new ArrayList<>();
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) continue;
            int eq = pair.indexOf('=');
            String name = percentDecode(eq < 0 ? pair : pair.substring(0, eq));
            if (presigned && name.equals("X-Amz-Signature")) continue;
            String value = eq < 0 ? "" : percentDecode(pair.substring(eq + 1));
            params.add(new String[] {encode(name, false), encode(value, false)});
        }
        params.sort((a, b) -> {
            int c = a[0].compareTo(b[0]);
            return c != 0 ? c : a[1].compareTo(b[1]);
        });
        StringBuilder out = new StringBuilder();
        for (String[] p : params) {
            if (!out.isEmpty()) out.append('&');
            out.append(p[0]).append('=').append(p[1]);
        }
        return out.toString();
    }

    /** Every value trimmed, inner runs of spaces and tabs made one space, joined by commas. */
    static String headerValue(List<String> values) {
        StringBuilder out = new StringBuilder();
        for (int v = 0; v < values.size(); v++) {
            if (v > 0) out.append(',');
            String value = values.get(v).trim();
            boolean space = false;
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (c == ' ' || c == '\t') {
                    space = true;
                } else {
                    if (space) out.append(' ');
                    space = false;
                    out.append(c);
                }
            }
        }
        return out.toString();
    }

    /** RFC 3986 percent-encoding of the UTF-8 bytes: unreserved characters (and {@code /} in a path) kept. */
    static String encode(String s, boolean path) {
        StringBuilder out = new StringBuilder(s.length() + 8);
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
                    || c == '~' || path && c == '/') {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }

    /** {@code %XY} decoded to bytes, read as UTF-8; {@code +} stays {@code +} (SigV4 signers encode a space as {@code %20}). */
    static String percentDecode(String s) {
        if (s.indexOf('%') < 0) return s;
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(s.length());
        int i = 0;
        while (i < s.length()) {
            int hi, lo;
            if (s.charAt(i) == '%' && i + 2 < s.length()
                    && (hi = Character.digit(s.charAt(i + 1), 16)) >= 0 && (lo = Character.digit(s.charAt(i + 2), 16)) >= 0) {
                out.write(hi << 4 | lo);
                i += 3;
            } else {
                int next = s.indexOf('%', i + 1);
                if (next < 0) next = s.length();
                out.writeBytes(s.substring(i, next).getBytes(StandardCharsets.UTF_8));
                i = next;
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
