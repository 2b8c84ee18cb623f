package io.keyline.server.sigv4;

import java.util.List;

/**
 * What a request's SigV4 signature consists of, once {@link SignatureParser} found its form
 * right: what verifying it needs (a later step), and the {@link RequestIdentity} it names.
 * Immutable.
 *
 * @param algorithm     always {@code AWS4-HMAC-SHA256} once parsed
 * @param scope         the credential scope
 * @param signedHeaders the names of the signed headers as sent (DynamoDB requires {@code host})
 * @param signature     the hex signature as sent, not checked
 * @param requestTime   the request's time in ISO-8601 basic format, e.g. {@code 20130609T095204Z}
 * @param presigned     whether it came from the query string rather than an Authorization header
 */
public record SignatureFields(String algorithm, CredentialScope scope, List<String> signedHeaders, String signature,
                              String requestTime, boolean presigned) {
    public SignatureFields {
        signedHeaders = List.copyOf(signedHeaders);
    }

    public RequestIdentity identity() {
        return new RequestIdentity(scope.accessKeyId(), scope.region());
    }
}
