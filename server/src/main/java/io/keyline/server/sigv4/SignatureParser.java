package io.keyline.server.sigv4;

import io.keyline.error.Errors;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Parses a request's SigV4 signature, from its {@code Authorization} header or its presigned
 * query string, and checks its form in DynamoDB's order, with DynamoDB's texts, all HTTP 400:
 * <ol>
 *   <li>both a header and an {@code X-Amz-Algorithm} query parameter: InvalidSignatureException;
 *   <li>neither, or a header that does not start with {@code AWS4-}: MissingAuthenticationTokenException;
 *   <li>a header part that is no {@code key=value} pair: IncompleteSignatureException;
 *   <li>missing parts (Credential, Signature, SignedHeaders, then an X-Amz-Date or Date header; or
 *       the five {@code X-Amz-*} query parameters): one IncompleteSignatureException naming each;
 *   <li>a date not in ISO-8601 basic format: IncompleteSignatureException;
 *   <li>{@code host} not signed: InvalidSignatureException;
 *   <li>an algorithm other than AWS4-HMAC-SHA256: IncompleteSignatureException;
 *   <li>the credential scope ({@link CredentialScope}).
 * </ol>
 * Sources: dynalite's index.js and test/connection.js (tests run against DynamoDB: the order and
 * steps 1 to 4), and the DynamoDB texts dynalite recorded in index.js comments (steps 5 to 8, in
 * that order). DynamoDB's next checks (signature expiry, the access key, the signature itself)
 * are verification, not parsing, and are not made here. For a presigned query the texts of
 * steps 5 to 8 are the header's: DynamoDB's own have not been recorded (inferred). The rule:
 * docs/RULES.md#WIRE-SIGNATURE-FORM. Stateless.
 */
public final class SignatureParser {
    static final String ALGORITHM = "AWS4-HMAC-SHA256";
    private static final List<String> HEADER_PARTS = List.of("Credential", "Signature", "SignedHeaders");
    private static final List<String> QUERY_PARTS =
            List.of("X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Signature", "X-Amz-SignedHeaders", "X-Amz-Date");
    private static final DateTimeFormatter ISO_BASIC =
            DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'").withResolverStyle(ResolverStyle.STRICT);

    private SignatureParser() {}

    /**
     * @param header   the request's headers by name, case-insensitive; null when absent
     * @param uriQuery the raw query string of the request URI, or null
     * @throws io.keyline.error.ApiException DynamoDB's error for the first check that fails
     */
    public static SignatureFields parse(Function<String, String> header, String uriQuery) {
        return parse(header, uriQuery, CredentialScope.SERVICE, requestTime -> { });
    }

    /**
     * The same for a request to {@code service} (CloudWatch's is {@code monitoring}), with
     * {@code beforeScope} told the request's time (ISO-8601 basic) once the form is right and
     * before the credential scope is checked: where DynamoDB checks a signature's expiry
     * (docs/RULES.md#AUTH-SIGV4-ORDER). It may throw the error that ends the request.
     */
    public static SignatureFields parse(Function<String, String> header, String uriQuery, String service,
                                        Consumer<String> beforeScope) {
        String authorization = header.apply("Authorization");
        boolean hasHeader = authorization != null && !authorization.isEmpty();
        Map<String, String> query = queryParameters(uriQuery);
        boolean hasQuery = query.containsKey("X-Amz-Algorithm");
        if (hasHeader && hasQuery) {
            throw Errors.invalidSignature("Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP header.");
        }
        if (!hasHeader && !hasQuery || hasHeader && !authorization.trim().startsWith("AWS4-")) {
            throw Errors.missingAuthenticationToken();
        }
        return hasHeader ? fromHeader(authorization, header, service, beforeScope) : fromQuery(query, service, beforeScope);
    }

    private static SignatureFields fromHeader(String authorization, Function<String, String> header, String service,
                                              Consumer<String> beforeScope) {
        List<String> tokens = tokens(authorization);
        Map<String, String> parts = new HashMap<>(8);
        for (int i = 1; i < tokens.size(); i++) {
            String token = tokens.get(i);
            int eq = token.indexOf('=');
            if (eq < 0) {
                // The one recorded text (dynalite index.js); its type is inferred from its neighbours.
                throw Errors.incompleteSignature("'" + token + "' not a valid key=value pair (missing equal-sign) "
                        + "in Authorization header: '" + authorization + "'.");
            }
            parts.put(token.substring(0, eq), token.substring(eq + 1));
        }
        String date = nonEmpty(header.apply("X-Amz-Date"));
        if (date == null) date = nonEmpty(header.apply("Date"));
        StringBuilder missing = new StringBuilder();
        for (String part : HEADER_PARTS) {
            String value = parts.get(part);
            // An empty SignedHeaders is not missing (dynalite: "SignedHeaders *is* allowed to be an
            // empty string at this point"); the host check below refuses it.
            if (value == null || value.isEmpty() && !part.equals("SignedHeaders")) {
                missing.append("Authorization header requires '").append(part).append("' parameter. ");
            }
        }
        if (date == null) missing.append("Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ");
        if (!missing.isEmpty()) throw Errors.incompleteSignature(missing + "Authorization=" + authorization);
        return checked(tokens.get(0), parts.get("Credential"), parts.get("SignedHeaders"), parts.get("Signature"), date, false,
                service, beforeScope);
    }

    private static SignatureFields fromQuery(Map<String, String> query, String service, Consumer<String> beforeScope) {
        StringBuilder missing = new StringBuilder();
        for (String part : QUERY_PARTS) {
            if (nonEmpty(query.get(part)) == null) {
                missing.append("AWS query-string parameters must include '").append(part).append("'. ");
            }
        }
        if (!missing.isEmpty()) throw Errors.incompleteSignature(missing + "Re-examine the query-string parameters.");
        return checked(query.get("X-Amz-Algorithm"), query.get("X-Amz-Credential"), query.get("X-Amz-SignedHeaders"),
                query.get("X-Amz-Signature"), query.get("X-Amz-Date"), true, service, beforeScope);
    }

    /** Steps 5 to 8, shared by both forms. */
    private static SignatureFields checked(String algorithm, String credential, String signedHeaders, String signature,
                                           String date, boolean presigned, String service, Consumer<String> beforeScope) {
        String requestTime = isoBasic(date);
        List<String> signed = Arrays.asList(signedHeaders.split(";"));
        if (!signsHost(signed)) {
            throw Errors.invalidSignature("'Host' must be a 'SignedHeader' in the AWS Authorization.");
        }
        if (!algorithm.equals(ALGORITHM)) {
            throw Errors.incompleteSignature("Unsupported AWS 'algorithm': '" + algorithm + "' (only " + ALGORITHM + " for now). ");
        }
        CredentialScope scope = CredentialScope.parse(credential);
        beforeScope.accept(requestTime);
        scope.check(requestTime, service);
        return new SignatureFields(algorithm, scope, signed, signature, requestTime, presigned);
    }

    /**
     * The header's parts, split at runs of spaces and commas (what {@code [, ]+} would split, with
     * no regex on every request's path); the first is the algorithm.
     */
    private static List<String> tokens(String authorization) {
        List<String> out = new ArrayList<>(4);
        int n = authorization.length(), start = -1;
        for (int i = 0; i <= n; i++) {
            boolean separator = i == n || authorization.charAt(i) == ' ' || authorization.charAt(i) == ',';
            if (separator && start >= 0) {
                out.add(authorization.substring(start, i));
                start = -1;
            } else if (!separator && start < 0) {
                start = i;
            }
        }
        return out;
    }

    private static boolean signsHost(List<String> signed) {
        for (String h : signed) if (h.trim().equalsIgnoreCase("host")) return true;
        return false;
    }

    /**
     * The request time in ISO-8601 basic format. X-Amz-Date must be in it; a Date header may also
     * be an HTTP date (RFC 1123), which SigV4 allows there. The common case, a valid basic-format
     * time, is recognised without a formatter (which costs microseconds on every request).
     */
    static String isoBasic(String date) {
        if (isValidBasic(date)) return date;
        try {
            return LocalDateTime.parse(date, ISO_BASIC).format(ISO_BASIC);
        } catch (DateTimeParseException notBasic) {
            try {
                return ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME)
                        .withZoneSameInstant(ZoneOffset.UTC).format(ISO_BASIC);
            } catch (DateTimeParseException e) {
                throw Errors.incompleteSignature("Date must be in ISO-8601 'basic format'. Got '" + date
                        + "'. See http://en.wikipedia.org/wiki/ISO_8601");
            }
        }
    }

    /** {@code uuuuMMdd'T'HHmmss'Z'}, a real date and time, as the STRICT formatter would accept it. */
    static boolean isValidBasic(String s) {
        if (s.length() != 16 || s.charAt(8) != 'T' || s.charAt(15) != 'Z') return false;
        for (int i = 0; i < 15; i++) {
            if (i != 8 && (s.charAt(i) < '0' || s.charAt(i) > '9')) return false;
        }
        int year = number(s, 0, 4), month = number(s, 4, 6), day = number(s, 6, 8);
        int hour = number(s, 9, 11), minute = number(s, 11, 13), second = number(s, 13, 15);
        if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
        return day <= java.time.YearMonth.of(year, month).lengthOfMonth();
    }

    private static int number(String s, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) v = v * 10 + (s.charAt(i) - '0');
        return v;
    }

    /**
     * The query string's parameters, percent-decoded; a name without {@code =} has an empty value
     * (DynamoDB counts {@code ?X-Amz-Algorithm} as present). A value that does not decode is kept
     * as sent: the checks then name it.
     */
    static Map<String, String> queryParameters(String uriQuery) {
        if (uriQuery == null || uriQuery.isEmpty()) return Map.of();
        Map<String, String> params = new HashMap<>();
        for (String pair : uriQuery.split("&")) {
            if (pair.isEmpty()) continue;
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            params.putIfAbsent(name, eq < 0 ? "" : decode(pair.substring(eq + 1)));
        }
        return params;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    private static String nonEmpty(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
