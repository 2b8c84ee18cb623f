package io.keyline.server;

import io.keyline.server.auth.Authenticator;
import io.netty.handler.ssl.SslContext;
import java.util.Objects;

/**
 * How a {@link KeylineServer} checks its callers and protects its port: the
 * {@link Authenticator} (signatures verified or only parsed, and the admin pages' credentials)
 * and, when not null, the TLS context: then the port speaks HTTPS only (docs/SECURITY.md says
 * why one port). Immutable.
 */
public record ServerSecurity(Authenticator authenticator, SslContext tls) {
    public ServerSecurity {
        Objects.requireNonNull(authenticator, "authenticator");
    }

    /** No verification and no TLS: the behaviour of a server without security options. */
    public static ServerSecurity none() {
        return new ServerSecurity(Authenticator.none(), null);
    }

    public boolean tlsEnabled() { return tls != null; }
}
