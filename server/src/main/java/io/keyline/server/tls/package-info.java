/**
 * TLS for the server's port: the context built from the PEM files of {@code --tls-cert} and
 * {@code --tls-key} ({@link io.keyline.server.tls.PemTls}). docs/SECURITY.md.
 */
package io.keyline.server.tls;
