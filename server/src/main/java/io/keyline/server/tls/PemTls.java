package io.keyline.server.tls;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.SSLException;

/**
 * The server's TLS context from PEM files ({@code --tls-cert}, {@code --tls-key}): the
 * certificate chain (server certificate first) and its unencrypted PKCS#8 private key
 * ({@code -----BEGIN PRIVATE KEY-----}, what {@code openssl genpkey} and {@code openssl req
 * -nodes} write), RSA or EC, through Netty's {@link SslContextBuilder} on the JDK's TLS. A
 * PKCS#1 key ({@code BEGIN RSA PRIVATE KEY}) must be converted first: {@code openssl pkcs8
 * -topk8 -nocrypt}. Stateless.
 */
public final class PemTls {
    private PemTls() {}

    /**
     * @throws IllegalArgumentException with a message a user can act on, if a file is missing or
     *         not what it should be
     */
    public static SslContext serverContext(Path certificateChain, Path privateKey) {
        requireReadable(certificateChain, "--tls-cert");
        requireReadable(privateKey, "--tls-key");
        try {
            if (Files.readString(privateKey).contains("BEGIN RSA PRIVATE KEY")) {
                throw new IllegalArgumentException("--tls-key " + privateKey + " is a PKCS#1 key; convert it to PKCS#8: "
                        + "openssl pkcs8 -topk8 -nocrypt -in " + privateKey + " -out key.pem");
            }
            return SslContextBuilder.forServer(certificateChain.toFile(), privateKey.toFile()).build();
        } catch (SSLException | IllegalArgumentException e) {
            if (e instanceof IllegalArgumentException iae && iae.getMessage() != null && iae.getMessage().startsWith("--tls-key")) throw iae;
            throw new IllegalArgumentException("cannot use --tls-cert " + certificateChain + " with --tls-key " + privateKey
                    + ": " + e.getMessage(), e);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("cannot read --tls-key " + privateKey + ": " + e.getMessage(), e);
        }
    }

    private static void requireReadable(Path file, String option) {
        if (!Files.isReadable(file)) throw new IllegalArgumentException(option + " " + file + " is not a readable file");
    }
}
