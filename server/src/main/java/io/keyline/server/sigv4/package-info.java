/**
 * The form of a request's AWS Signature Version 4: the {@code Authorization} header, or the
 * {@code X-Amz-*} parameters of a presigned query string, parsed and checked in DynamoDB's order
 * with DynamoDB's errors (MissingAuthenticationTokenException, IncompleteSignatureException,
 * InvalidSignatureException), and the {@link io.keyline.server.sigv4.RequestIdentity} it names:
 * access key id and region. Whether the signature is right (the secret key, the canonical
 * request, the clock) is not checked here.
 */
package io.keyline.server.sigv4;
