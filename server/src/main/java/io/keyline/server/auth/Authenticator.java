package io.keyline.server.auth;

import io.keyline.error.Errors;
import io.keyline.server.sigv4.RequestIdentity;
import io.keyline.server.sigv4.SignatureFields;
import io.keyline.server.sigv4.SignatureParser;
import io.keyline.server.sigv4.SignatureVerifier;
import io.keyline.server.sigv4.SignedRequest;
import io.keyline.time.Clock;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Objects;

/**
 * Says who a request comes from, in the server's {@link AuthMode}. With {@link AuthMode#NONE}
 * the signature's form is checked ({@link SignatureParser}) and nothing more, as before
 * verification existed: the identity has no account. With {@link AuthMode#ENFORCE}, in DynamoDB's
 * order (docs/RULES.md#AUTH-SIGV4-ORDER): the form, the time within 15 minutes, the credential
 * scope, the access key and its session token if it has one (UnrecognizedClientException "The
 * security token included in the request is invalid."), then the signature (InvalidSignatureException "The request signature we
 * calculated does not match ..."); the identity carries the key's account.
 *
 * <p>The admin pages ({@link #checkAdmin}) take the same credentials, as SigV4 or as HTTP Basic
 * ({@code access key id : secret access key}), which a browser can send. Thread-safe.
 */
public final class Authenticator {
    /** DynamoDB's text for an access key it does not know (UnrecognizedClientException). */
    public static final String UNKNOWN_KEY_MESSAGE = "The security token included in the request is invalid.";
    /** DynamoDB's text for a signature that does not match (InvalidSignatureException). */
    public static final String MISMATCH_MESSAGE = "The request signature we calculated does not match the signature you provided. "
            + "Check your AWS Secret Access Key and signing method. Consult the service documentation for details.";
    /** The header (and presigned query parameter) of temporary credentials' session token. */
    static final String SECURITY_TOKEN = "X-Amz-Security-Token";
    public static final String DYNAMODB = "dynamodb";
    public static final String CLOUDWATCH = "monitoring";

    private final AuthMode mode;
    private final CredentialStore credentials;
    private final SignatureVerifier verifier;

    private Authenticator(AuthMode mode, CredentialStore credentials, Clock clock) {
        this.mode = mode;
        this.credentials = credentials;
        this.verifier = new SignatureVerifier(clock);
    }

    /** No verification: today's behaviour with {@code --auth none}. */
    public static Authenticator none() {
        return new Authenticator(AuthMode.NONE, null, io.keyline.time.SystemClock.INSTANCE);
    }

    /** Every request verified against {@code credentials}, its time read from {@code clock}. */
    public static Authenticator enforce(CredentialStore credentials, Clock clock) {
        return new Authenticator(AuthMode.ENFORCE, Objects.requireNonNull(credentials, "credentials"), clock);
    }

    public AuthMode mode() { return mode; }

    public boolean enforced() { return mode == AuthMode.ENFORCE; }

    /**
     * The identity of a request to {@code service}.
     *
     * @throws io.keyline.error.ApiException DynamoDB's error for the first check that fails
     */
    public RequestIdentity authenticate(SignedRequest request, String service) {
        if (mode == AuthMode.NONE) return SignatureParser.parse(request.header(), request.rawQuery()).identity();
        SignatureFields fields = verifier.checkFormAndTime(request, service);
        Credential credential = credentials.find(fields.scope().accessKeyId());
        if (credential == null || !sessionTokenMatches(credential, request)) throw Errors.unrecognizedClient(UNKNOWN_KEY_MESSAGE);
        if (!verifier.matches(fields, request, credential.secretAccessKey())) throw Errors.invalidSignature(MISMATCH_MESSAGE);
        return fields.identity().verified(credential.accountId());
    }

    /**
     * docs/RULES.md#AUTH-SESSION-TOKEN: temporary credentials are their key, secret and session
     * token together, so a request with such a key must carry the file's token
     * ({@code X-Amz-Security-Token}, a header or a presigned query parameter); a long-term key
     * must carry none, as STS issued none for it. Compared in constant time.
     */
    private static boolean sessionTokenMatches(Credential credential, SignedRequest request) {
        String sent = sessionTokenOf(request);
        if (credential.sessionToken() == null || sent == null) return credential.sessionToken() == null && sent == null;
        return MessageDigest.isEqual(sent.getBytes(StandardCharsets.UTF_8), credential.sessionToken().getBytes(StandardCharsets.UTF_8));
    }

    /** The session token a request carries: the header, else the presigned query's parameter; null if none. */
    static String sessionTokenOf(SignedRequest request) {
        String header = request.header().apply(SECURITY_TOKEN);
        if (header != null) return header.strip();
        if (request.rawQuery() == null) return null;
        for (String pair : request.rawQuery().split("&")) {
            if (pair.regionMatches(true, 0, SECURITY_TOKEN + "=", 0, SECURITY_TOKEN.length() + 1)) {
                return java.net.URLDecoder.decode(pair.substring(SECURITY_TOKEN.length() + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    /** What an admin page's request proved. */
    public enum AdminAccess {
        /** Verified, or nothing to verify ({@link AuthMode#NONE}). */
        ALLOWED,
        /** No credentials at all, or HTTP Basic ones that are wrong: answer 401 and ask for them. */
        ASK
    }

    /**
     * Whether a request may read an admin page (the dashboard, {@code /metrics}, {@code /admin/*}):
     * always with {@link AuthMode#NONE}; with {@link AuthMode#ENFORCE} when it carries HTTP Basic
     * credentials of a known key ({@code Authorization: Basic base64(key:secret)}), compared in
     * constant time, or a SigV4 signature that verifies (any service, so a signed GET by an SDK
     * tool works).
     *
     * @throws io.keyline.error.ApiException a SigV4 signature's error
     */
    public AdminAccess checkAdmin(SignedRequest request) {
        if (mode == AuthMode.NONE) return AdminAccess.ALLOWED;
        String authorization = request.header().apply("Authorization");
        boolean presigned = request.rawQuery() != null && request.rawQuery().contains("X-Amz-Algorithm");
        if (authorization != null && authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return basicMatches(authorization.substring(6).trim()) ? AdminAccess.ALLOWED : AdminAccess.ASK;
        }
        if (authorization == null && !presigned) return AdminAccess.ASK;
        String service = serviceOf(request);
        authenticate(request, service);
        return AdminAccess.ALLOWED;
    }

    private boolean basicMatches(String encoded) {
        String pair;
        try {
            pair = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return false;
        }
        int colon = pair.indexOf(':');
        if (colon <= 0) return false;
        Credential c = credentials.find(pair.substring(0, colon));
        byte[] given = pair.substring(colon + 1).getBytes(StandardCharsets.UTF_8);
        byte[] expected = (c == null ? "" : c.secretAccessKey()).getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(given, expected) && c != null;
    }

    /** The service a signed admin request names in its scope (a signed GET may come from any tool). */
    private static String serviceOf(SignedRequest request) {
        String authorization = request.header().apply("Authorization");
        String credential = null;
        if (authorization != null) {
            int at = authorization.indexOf("Credential=");
            if (at >= 0) {
                int end = at + 11;
                while (end < authorization.length() && authorization.charAt(end) != ',' && authorization.charAt(end) != ' ') end++;
                credential = authorization.substring(at + 11, end);
            }
        } else if (request.rawQuery() != null) {
            for (String pair : request.rawQuery().split("&")) {
                if (pair.startsWith("X-Amz-Credential=")) {
                    credential = java.net.URLDecoder.decode(pair.substring(17), StandardCharsets.UTF_8);
                }
            }
        }
        String[] parts = credential == null ? new String[0] : credential.split("/");
        return parts.length == 5 ? parts[3] : DYNAMODB;
    }
}
