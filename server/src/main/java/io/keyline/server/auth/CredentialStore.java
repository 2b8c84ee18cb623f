package io.keyline.server.auth;

import io.keyline.time.Clock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The credentials of a {@code --credentials} file, reloaded when the file changes: a lookup
 * looks at the file's modification time and size at most once per {@link #CHECK_INTERVAL} of the
 * injected clock, and reads it again when either changed. A file that no longer parses (or is
 * gone) leaves the previous credentials in force and logs a warning that names the problem,
 * never a secret. docs/RULES.md#AUTH-CREDENTIALS.
 *
 * <p>Thread-safe: the credentials are one immutable map behind a volatile field; the one thread
 * that wins a try-lock checks the file while the others use what is there.
 */
public final class CredentialStore {
    private static final Logger LOG = LoggerFactory.getLogger(CredentialStore.class);
    /** How often the file is looked at: a changed key works within a second. */
    public static final Duration CHECK_INTERVAL = Duration.ofSeconds(1);

    private final Path file;
    private final Clock clock;
    private final ReentrantLock checking = new ReentrantLock();
    private volatile Map<String, Credential> byKey;
    private volatile Instant nextCheck;
    private Object fileStamp;

    private CredentialStore(Path file, Clock clock, Map<String, Credential> initial, Object stamp) {
        this.file = file;
        this.clock = clock;
        this.byKey = initial;
        this.fileStamp = stamp;
        this.nextCheck = clock.now().plus(CHECK_INTERVAL);
    }

    /**
     * Reads {@code file} now.
     *
     * @throws IllegalArgumentException if it cannot be read or has a mistake (the message names it)
     */
    public static CredentialStore load(Path file, Clock clock) {
        try {
            Object stamp = stamp(file);
            Map<String, Credential> parsed = CredentialsFile.parse(Files.readString(file, StandardCharsets.UTF_8));
            return new CredentialStore(file, clock, parsed, stamp);
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("cannot read credentials file " + file + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("credentials file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Fixed credentials, never reloaded (tests and embedded servers). */
    public static CredentialStore of(Map<String, Credential> credentials) {
        return new CredentialStore(null, io.keyline.time.SystemClock.INSTANCE, Map.copyOf(credentials), null);
    }

    /** The credential of {@code accessKeyId}, or null if there is none. */
    public Credential find(String accessKeyId) {
        maybeReload();
        return byKey.get(accessKeyId);
    }

    /** How many access keys are known now. */
    public int size() {
        maybeReload();
        return byKey.size();
    }

    private void maybeReload() {
        if (file == null || clock.now().isBefore(nextCheck) || !checking.tryLock()) return;
        try {
            nextCheck = clock.now().plus(CHECK_INTERVAL);
            Object stamp;
            try {
                stamp = stamp(file);
            } catch (IOException e) {
                LOG.warn("credentials file {} cannot be read ({}); the {} access keys read before stay in force", file, e.getMessage(), byKey.size());
                return;
            }
            if (stamp.equals(fileStamp)) return;
            fileStamp = stamp;
            try {
                Map<String, Credential> parsed = CredentialsFile.parse(Files.readString(file, StandardCharsets.UTF_8));
                byKey = parsed;
                LOG.info("credentials file {} reloaded: {} access keys", file, parsed.size());
            } catch (IOException | IllegalArgumentException e) {
                // The parser's messages name lines and keys, never values.
                LOG.warn("credentials file {} not reloaded ({}); the {} access keys read before stay in force", file, e.getMessage(), byKey.size());
            }
        } finally {
            checking.unlock();
        }
    }

    /** What tells a changed file: its modification time and size. */
    private static Object stamp(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        return java.util.List.of(a.lastModifiedTime().toMillis(), a.size(), a.fileKey() == null ? "" : a.fileKey());
    }
}
