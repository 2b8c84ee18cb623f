/**
 * Who may call the server: the {@code --auth} mode ({@link io.keyline.server.auth.AuthMode}),
 * the credentials of a file in the AWS shared-credentials format, reloaded when it changes
 * ({@link io.keyline.server.auth.CredentialStore}), and the {@link io.keyline.server.auth.Authenticator}
 * that verifies each request's SigV4 signature against them (the API, CloudWatch) or HTTP Basic
 * credentials (the admin pages a browser opens). Secrets never appear in a message or a log line.
 * docs/SECURITY.md; the rules: docs/RULES.md#AUTH-MODE and its neighbours.
 */
package io.keyline.server.auth;
