/**
 * AWS Signature Version 4: the form of a request's signature, from its {@code Authorization}
 * header or its presigned query string, parsed and checked in DynamoDB's order with DynamoDB's
 * errors ({@link io.keyline.server.sigv4.SignatureParser}), the
 * {@link io.keyline.server.sigv4.RequestIdentity} it names (access key id, region, and once
 * verified the account), and the verification itself ({@link io.keyline.server.sigv4.SignatureVerifier}:
 * the clock window, the canonical request of {@link io.keyline.server.sigv4.CanonicalRequest},
 * the signing key, a constant-time comparison). Which keys exist is
 * {@link io.keyline.server.auth}'s business.
 */
package io.keyline.server.sigv4;
