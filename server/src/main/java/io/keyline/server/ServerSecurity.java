package io.keyline.server;

import io.keyline.server.auth.Authenticator;
import io.netty.handler.ssl.SslContext;
import java.util.Objects;

/**
 * How a {@link KeylineServer} checks its callers and protects its port: the
 * {@link Authenticator} (signatures verified or only parsed, and the admin pages' credentials),
 * when not null the TLS context (then the port speaks HTTPS only: docs/SECURITY.md says why one
 * port), and which Host names it answers to ({@link HostCheck}). Immutable.
 */
public record ServerSecurity(Authenticator authenticator, SslContext tls, HostCheck hosts) {
    public ServerSecurity {
        Objects.requireNonNull(authenticator, "authenticator");
        Objects.requireNonNull(hosts, "hosts");
    }

    /** Any Host accepted: as before Host checking existed (embedding code, tests). */
    public ServerSecurity(Authenticator authenticator, SslContext tls) {
        this(authenticator, tls, HostCheck.ANY);
    }

    /** No verification, no TLS, any Host: the behaviour of a server without security options. */
    public static ServerSecurity none() {
        return new ServerSecurity(Authenticator.none(), null);
    }

    public boolean tlsEnabled() { return tls != null; }
}
