package io.keyline.server.sigv4;

import io.keyline.error.Errors;
import io.keyline.time.Clock;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Verifies a SigV4 signature as DynamoDB does (docs/RULES.md#AUTH-SIGV4-ORDER): after the form
 * ({@link SignatureParser}), the request's time against the clock, within {@link #SKEW} either
 * way (a presigned query: until its {@code X-Amz-Expires}), then the credential scope, then
 * (the caller looks up the access key) the signature itself: the canonical request
 * ({@link CanonicalRequest}), the string to sign, the signing key derived from the secret by
 * HmacSHA256 over date, region, service and {@code aws4_request}, and a constant-time comparison.
 * Thread-safe: the clock is, and each call makes its own {@link Mac}.
 */
public final class SignatureVerifier {
    /** How far a request's time may be from the server's, either way (DynamoDB's: "- 15 min."). */
    public static final Duration SKEW = Duration.ofMinutes(15);
    /** The longest a presigned query may live, as SigV4 allows (a week, in seconds). */
    static final long MAX_PRESIGNED_SECONDS = 604_800;
    static final String UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
    private static final String CONTENT_SHA256 = "x-amz-content-sha256";
    private static final DateTimeFormatter ISO_BASIC = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'");
    private static final HexFormat HEX = HexFormat.of();

    private final Clock clock;

    public SignatureVerifier(Clock clock) {
        this.clock = clock;
    }

    /**
     * The signature's form, its time and its credential scope, each checked in DynamoDB's order;
     * the signature itself is checked by {@link #matches} once the caller has the key's secret.
     *
     * @param service the service the scope must name: {@code dynamodb}, or CloudWatch's {@code monitoring}
     */
    public SignatureFields checkFormAndTime(SignedRequest request, String service) {
        return SignatureParser.parse(request.header(), request.rawQuery(), service,
                requestTime -> checkTime(requestTime, request.rawQuery()));
    }

    /** Whether the request's time is within the window; DynamoDB's texts. */
    void checkTime(String requestTime, String rawQuery) {
        Instant at = LocalDateTime.parse(requestTime, ISO_BASIC).toInstant(ZoneOffset.UTC);
        Instant now = clock.now();
        Map<String, String> query = SignatureParser.queryParameters(rawQuery);
        String expires = query.get("X-Amz-Expires");
        if (query.containsKey("X-Amz-Algorithm") && expires != null) {
            long seconds = presignedSeconds(expires);
            if (now.isAfter(at.plusSeconds(seconds))) {
                // inferred: DynamoDB's text for a presigned query past its X-Amz-Expires is not recorded
                throw Errors.invalidSignature("Signature expired: " + basic(at) + " is now earlier than "
                        + basic(now.minusSeconds(seconds)) + " (" + basic(now) + " - " + seconds + " sec.)");
            }
        } else if (at.isBefore(now.minus(SKEW))) {
            throw Errors.invalidSignature("Signature expired: " + basic(at) + " is now earlier than "
                    + basic(now.minus(SKEW)) + " (" + basic(now) + " - 15 min.)");
        }
        if (at.isAfter(now.plus(SKEW))) {
            throw Errors.invalidSignature("Signature not yet current: " + basic(at) + " is still later than "
                    + basic(now.plus(SKEW)) + " (" + basic(now) + " + 15 min.)");
        }
    }

    private static long presignedSeconds(String expires) {
        long seconds;
        try {
            seconds = Long.parseLong(expires);
        } catch (NumberFormatException e) {
            seconds = -1;
        }
        if (seconds < 1 || seconds > MAX_PRESIGNED_SECONDS) {
            // inferred (SigV4's rule; the text is ours)
            throw Errors.incompleteSignature("X-Amz-Expires must be a number of seconds from 1 to " + MAX_PRESIGNED_SECONDS
                    + ", not '" + expires + "'.");
        }
        return seconds;
    }

    /**
     * Whether {@code signature} is the one {@code secret} makes for this request. The payload's
     * hash is that of the body as sent; an {@code x-amz-content-sha256} header must equal it, or
     * be {@code UNSIGNED-PAYLOAD}, which only a TLS connection may use in a header (a presigned
     * query may have been signed with it on any connection: both are tried).
     */
    public boolean matches(SignatureFields fields, SignedRequest request, String secret) {
        String bodyHash = sha256Hex(request.body() == null ? new ByteBuffer[0] : request.body().nioBuffers());
        String declared = request.header().apply(CONTENT_SHA256);
        List<String> candidates;
        if (declared != null) {
            String d = declared.trim();
            if (d.equals(UNSIGNED_PAYLOAD)) {
                if (!request.tls()) return false;
                candidates = List.of(d);
            } else if (d.equalsIgnoreCase(bodyHash)) {
                candidates = List.of(d);
            } else {
                return false;
            }
        } else {
            // A presigned query is a bearer capability until it expires, whatever its body: signers
            // (botocore's S3 one, others) may leave the payload out of it.
            candidates = fields.presigned() ? List.of(bodyHash, UNSIGNED_PAYLOAD) : List.of(bodyHash);
        }
        byte[] key = signingKey(secret, fields.scope());
        byte[] given = fields.signature().toLowerCase(java.util.Locale.ROOT).getBytes(StandardCharsets.US_ASCII);
        boolean match = false;
        for (String payloadHash : candidates) {
            String canonical = CanonicalRequest.of(request, fields.signedHeaders(), payloadHash, fields.presigned());
            String expected = HEX.formatHex(hmac(key, stringToSign(fields, canonical)));
            // constant time: the comparison does not stop at the first differing byte
            match |= MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII), given);
        }
        return match;
    }

    static String stringToSign(SignatureFields fields, String canonicalRequest) {
        CredentialScope s = fields.scope();
        return SignatureParser.ALGORITHM + "\n" + fields.requestTime() + "\n"
                + s.date() + "/" + s.region() + "/" + s.service() + "/" + s.terminator() + "\n"
                + sha256Hex(new ByteBuffer[] {ByteBuffer.wrap(canonicalRequest.getBytes(StandardCharsets.UTF_8))});
    }

    /** HMAC chain: "AWS4" + secret → date → region → service → "aws4_request". */
    static byte[] signingKey(String secret, CredentialScope scope) {
        byte[] k = hmac(("AWS4" + secret).getBytes(StandardCharsets.UTF_8), scope.date());
        k = hmac(k, scope.region());
        k = hmac(k, scope.service());
        return hmac(k, CredentialScope.TERMINATOR);
    }

    static byte[] hmac(byte[] key, String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no HmacSHA256", e);
        }
    }

    static String sha256Hex(ByteBuffer[] parts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (ByteBuffer b : parts) sha.update(b);
            return HEX.formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    private static String basic(Instant t) {
        return ISO_BASIC.format(t.atZone(ZoneOffset.UTC));
    }
}
