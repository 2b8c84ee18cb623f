package io.keyline.server.auth;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Whether the server verifies signatures ({@code --auth}): {@link #NONE} checks a signature's form
 * only, as DynamoDB Local does, and every request acts in the server's own account;
 * {@link #ENFORCE} verifies each against the credentials file, and a request acts in its key's
 * account. docs/RULES.md#AUTH-MODE.
 */
public enum AuthMode {
    NONE, ENFORCE;

    /** {@code none} or {@code enforce}, any case. */
    public static AuthMode parse(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "none" -> NONE;
            case "enforce" -> ENFORCE;
            default -> throw new IllegalArgumentException("--auth must be none or enforce, not '" + text + "'");
        };
    }

    /**
     * The default for a server listening on {@code host}: none on a loopback address (only this
     * machine can call), enforce on any other, wildcards included.
     */
    public static AuthMode defaultFor(String host) {
        if (host.equalsIgnoreCase("localhost")) return NONE;
        try {
            // A literal is parsed without a lookup; a name is resolved as the server will bind it.
            return InetAddress.getByName(host).isLoopbackAddress() ? NONE : ENFORCE;
        } catch (UnknownHostException e) {
            return ENFORCE;
        }
    }
}
