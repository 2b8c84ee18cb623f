package io.keyline.server.sigv4;

import java.util.Objects;

/**
 * Who a request says it comes from: the access key id and the region of its SigV4 credential
 * scope ({@code Credential=AKID/DATE/REGION/dynamodb/aws4_request}). Parsed and checked for form
 * only; nothing here proves the caller holds the key. Immutable.
 */
public record RequestIdentity(String accessKeyId, String region) {
    public RequestIdentity {
        Objects.requireNonNull(accessKeyId, "accessKeyId");
        Objects.requireNonNull(region, "region");
    }
}
