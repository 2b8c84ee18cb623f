package io.keyline.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.read.ListAppender;
import io.keyline.server.ServerSecurity;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import io.keyline.time.ManualClock;
import io.keyline.time.SystemClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * Secrets never reach a log line: every logger on DEBUG while keys are read, reloaded (a broken
 * edit included), used, guessed and refused, then every message and stack trace searched for the
 * secrets and for a Basic header's encoded form (docs/RULES.md#AUTH-CREDENTIALS).
 */
class SecretsNotLoggedTest {
    static final String SECRET = "S3cr3t-N3ver-Logged";
    static final String NEXT_SECRET = "Th3-N3xt-S3cr3t";

    @TempDir Path dir;

    @Test void noSecretInAnyLogLine() throws Exception {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        LoggerContext context = root.getLoggerContext();
        Map<String, Level> saved = new java.util.HashMap<>();
        for (Logger l : context.getLoggerList()) saved.put(l.getName(), l.getLevel());
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.setContext(context);
        events.start();
        root.addAppender(events);
        for (Logger l : context.getLoggerList()) l.setLevel(Level.DEBUG);
        KeylineExtension keyline = null;
        try {
            ManualClock reloads = new ManualClock(Instant.now());
            Path file = dir.resolve("credentials");
            Files.writeString(file, "[default]\naws_access_key_id = AKIDLOGS\naws_secret_access_key = " + SECRET + "\n");
            CredentialStore store = CredentialStore.load(file, reloads);
            keyline = KeylineExtension.inMemory().withSecurity(new ServerSecurity(Authenticator.enforce(store, SystemClock.INSTANCE), null));
            keyline.start();
            SdkSigner.Signed good = SdkSigner.sign(keyline.endpoint(), "ListTables", "{}", "AKIDLOGS", SECRET, "us-east-1", Instant.now(), false);
            SdkSigner.Signed wrong = SdkSigner.sign(keyline.endpoint(), "ListTables", "{}", "AKIDLOGS", SECRET + "x", "us-east-1", Instant.now(), false);
            try (RawHttp raw = keyline.raw()) {
                assertThat(raw.send("POST", "/", good.headers(), good.body()).status()).isEqualTo(200);
                assertThat(raw.send("POST", "/", wrong.headers(), wrong.body()).status()).isEqualTo(400);
                assertThat(raw.send("GET", "/metrics", Map.of("Authorization", AuthEnforceTest.basic("AKIDLOGS", SECRET)), null).status()).isEqualTo(200);
                assertThat(raw.send("GET", "/metrics", Map.of("Authorization", AuthEnforceTest.basic("AKIDLOGS", NEXT_SECRET)), null).status()).isEqualTo(401);
            }
            // a broken edit (logged, refused), then a good one (logged, taken)
            Files.writeString(file, "[default]\naws_access_key_id = AKIDLOGS\naws_secret_access_key " + NEXT_SECRET + "\n");
            reloads.advance(Duration.ofSeconds(2));
            assertThat(store.find("AKIDLOGS").secretAccessKey()).isEqualTo(SECRET);
            Files.writeString(file, "[default]\naws_access_key_id = AKIDLOGS\naws_secret_access_key = " + NEXT_SECRET + "\n\n");
            reloads.advance(Duration.ofSeconds(2));
            assertThat(store.find("AKIDLOGS").secretAccessKey()).isEqualTo(NEXT_SECRET);
        } finally {
            if (keyline != null) keyline.stop();
            root.detachAppender(events);
            for (Logger l : context.getLoggerList()) l.setLevel(saved.get(l.getName()));
        }
        assertThat(events.list).as("the reloads were logged").anySatisfy(e -> assertThat(e.getFormattedMessage()).contains("not reloaded"));
        String basicA = AuthEnforceTest.basic("AKIDLOGS", SECRET).substring(6), basicB = AuthEnforceTest.basic("AKIDLOGS", NEXT_SECRET).substring(6);
        for (ILoggingEvent e : events.list) {
            String text = e.getFormattedMessage() + throwableText(e.getThrowableProxy());
            assertThat(text).doesNotContain(SECRET).doesNotContain(NEXT_SECRET).doesNotContain(basicA).doesNotContain(basicB);
        }
    }

    private static String throwableText(IThrowableProxy t) {
        StringBuilder out = new StringBuilder();
        for (; t != null; t = t.getCause()) out.append(' ').append(t.getClassName()).append(": ").append(t.getMessage());
        return out.toString();
    }
}
