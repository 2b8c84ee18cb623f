package io.keyline.server;

import io.netty.util.NetUtil;
import java.util.Collection;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Which {@code Host} header values name this server (docs/RULES.md#SERVER-HOST), so that a page
 * in a browser whose own name was rebound to this machine's address (DNS rebinding) cannot use a
 * server that checks no signature. Allowed: {@code localhost} and any {@code *.localhost}
 * (browsers resolve those to loopback themselves), any IP address literal (a rebinding page's Host
 * is always its own name, never an address), the name the server was told to listen on, and the
 * names given with {@code --allowed-hosts}; {@code *} among those allows everything. The port is
 * not compared: a proxy or a port mapping may change it. A request without a Host header (HTTP/1.0
 * tools) is allowed: every browser sends one. Names compare without case and without a trailing
 * dot. Immutable and thread-safe.
 */
public final class HostCheck {
    /** Allows every Host: the check is off. */
    public static final HostCheck ANY = new HostCheck(null);

    /** Lower case, no trailing dot; null when every Host is allowed. */
    private final Set<String> names;

    private HostCheck(Set<String> names) {
        this.names = names == null ? null : Set.copyOf(names);
    }

    /**
     * The check of a server listening on {@code boundHost} (a name or an address, wildcards
     * included) that also answers to {@code allowedNames}.
     *
     * @throws IllegalArgumentException for an allowed name that is no host name
     */
    public static HostCheck of(String boundHost, Collection<String> allowedNames) {
        Set<String> names = new HashSet<>();
        names.add("localhost");
        String bound = boundHost == null ? null : hostOf(boundHost.contains(":") && !boundHost.startsWith("[") ? "[" + boundHost + "]" : boundHost);
        if (bound != null) names.add(bound);
        for (String given : allowedNames) {
            String name = given.strip();
            if (name.equals("*")) return ANY;
            String host = hostOf(name);
            if (host == null || name.contains("/")) throw new IllegalArgumentException("--allowed-hosts: '" + given + "' is not a host name");
            names.add(host);
        }
        return new HostCheck(names);
    }

    /** True when the check lets every request through. */
    public boolean allowsAny() { return names == null; }

    /** Whether a request with this Host header (null: none) may be served. */
    public boolean allows(String hostHeader) {
        if (names == null || hostHeader == null) return true;
        String host = hostOf(hostHeader.strip());
        if (host == null) return false;
        if (names.contains(host) || host.endsWith(".localhost")) return true;
        if (host.startsWith("[")) return host.endsWith("]") && NetUtil.isValidIpV6Address(host.substring(1, host.length() - 1));
        return NetUtil.isValidIpV4Address(host);
    }

    /**
     * The host part of a Host value: lower case, without its port or a trailing dot; an IPv6
     * address keeps its brackets. Null when the value is malformed (an empty host, a port that is
     * not digits, an unclosed bracket).
     */
    static String hostOf(String value) {
        if (value.isEmpty()) return null;
        String host;
        String port;
        if (value.startsWith("[")) {
            int close = value.indexOf(']');
            if (close < 0) return null;
            host = value.substring(0, close + 1);
            port = value.substring(close + 1);
        } else {
            int colon = value.indexOf(':');
            host = colon < 0 ? value : value.substring(0, colon);
            port = colon < 0 ? "" : value.substring(colon);
        }
        if (!port.isEmpty() && !port.matches(":[0-9]{1,5}")) return null;
        host = host.toLowerCase(Locale.ROOT);
        if (host.endsWith(".")) host = host.substring(0, host.length() - 1);
        if (host.isEmpty() || host.equals("[]")) return null;
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            // A host name's characters (RFC 3986 reg-name without percent-encoding), an address's brackets and colons.
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '[' || c == ']' || c == ':')) return null;
        }
        return host;
    }

    @Override public String toString() {
        return names == null ? "HostCheck[any]" : "HostCheck" + new java.util.TreeSet<>(names);
    }
}
