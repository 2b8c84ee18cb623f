package io.keyline.server.auth;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the AWS shared-credentials format ({@code ~/.aws/credentials}): {@code [profile]}
 * sections of {@code key = value} lines, {@code #} and {@code ;} comments, blank lines. Each
 * section with an {@code aws_access_key_id} is one {@link Credential}; it needs an
 * {@code aws_secret_access_key} and may name its {@code aws_account_id} (12 digits), else the
 * account is {@link Credential#defaultAccountOf}; an {@code aws_session_token} makes it temporary
 * credentials, whose requests must carry that token (docs/RULES.md#AUTH-SESSION-TOKEN). Other keys
 * (region, ...) are ignored. A mistake is an {@link IllegalArgumentException} naming the line, never a value
 * (the value may be a secret). docs/RULES.md#AUTH-CREDENTIALS. Stateless.
 */
public final class CredentialsFile {
    private CredentialsFile() {}

    /** The credentials by access key id. */
    public static Map<String, Credential> parse(String text) {
        Map<String, Map<String, String>> sections = new LinkedHashMap<>();
        Map<String, Integer> sectionLines = new HashMap<>();
        Map<String, String> current = null;
        String[] lines = text.split("\r?\n", -1);
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n].strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) continue;
            if (line.startsWith("[")) {
                if (!line.endsWith("]") || line.length() < 3) throw new IllegalArgumentException("line " + (n + 1) + ": a section header must be [name]");
                String name = line.substring(1, line.length() - 1).strip();
                current = sections.computeIfAbsent(name, k -> new LinkedHashMap<>());
                sectionLines.putIfAbsent(name, n + 1);
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("line " + (n + 1) + ": expected key = value");
            if (current == null) throw new IllegalArgumentException("line " + (n + 1) + ": a key before any [section]");
            current.put(line.substring(0, eq).strip().toLowerCase(Locale.ROOT), line.substring(eq + 1).strip());
        }
        Map<String, Credential> out = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, String>> s : sections.entrySet()) {
            Map<String, String> keys = s.getValue();
            String id = keys.get("aws_access_key_id");
            if (id == null) continue;
            String where = "section [" + s.getKey() + "] (line " + sectionLines.get(s.getKey()) + ")";
            String secret = keys.get("aws_secret_access_key");
            if (id.isEmpty()) throw new IllegalArgumentException(where + ": aws_access_key_id is empty");
            if (secret == null || secret.isEmpty()) throw new IllegalArgumentException(where + ": aws_secret_access_key is missing");
            String account = keys.get("aws_account_id");
            if (account == null || account.isEmpty()) {
                account = Credential.defaultAccountOf(id);
            } else if (!account.matches("[0-9]{12}")) {
                throw new IllegalArgumentException(where + ": aws_account_id must be 12 digits");
            }
            String token = keys.get("aws_session_token");
            if (token != null && token.isEmpty()) token = null;
            if (out.putIfAbsent(id, new Credential(id, secret, account, token)) != null) {
                throw new IllegalArgumentException(where + ": access key " + id + " appears twice");
            }
        }
        return out;
    }
}
