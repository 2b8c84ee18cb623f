package io.keyline.server.sigv4;

import java.util.Objects;

/**
 * Who a request says it comes from: the access key id and the region of its SigV4 credential
 * scope ({@code Credential=AKID/DATE/REGION/dynamodb/aws4_request}), and, once the signature is
 * verified against a credentials file ({@code --auth enforce}), the account that key belongs to.
 * Without verification the account is null: the server's own (docs/RULES.md#AUTH-ACCOUNTS).
 * Immutable.
 */
public record RequestIdentity(String accessKeyId, String region, String account) {
    public RequestIdentity {
        Objects.requireNonNull(accessKeyId, "accessKeyId");
        Objects.requireNonNull(region, "region");
    }

    /** An identity parsed, not verified: its account is the server's. */
    public RequestIdentity(String accessKeyId, String region) {
        this(accessKeyId, region, null);
    }

    /** The same identity, proven to belong to {@code verifiedAccount}. */
    public RequestIdentity verified(String verifiedAccount) {
        return new RequestIdentity(accessKeyId, region, Objects.requireNonNull(verifiedAccount, "verifiedAccount"));
    }
}
