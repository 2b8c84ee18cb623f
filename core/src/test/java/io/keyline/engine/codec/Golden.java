package io.keyline.engine.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Golden files pin persisted formats: {@code golden/<name>.txt} holds one {@code case: hex} line
 * per fixed input. Any difference fails the test. After a deliberate format change (with a new
 * format version), regenerate with {@code -Dkeyline.golden.update=true} and review the diff.
 */
final class Golden {
    private static final String UPDATE_PROPERTY = "keyline.golden.update";

    private Golden() {}

    static void verify(String name, Map<String, byte[]> actual) {
        Map<String, String> actualHex = new LinkedHashMap<>();
        actual.forEach((k, v) -> actualHex.put(k, HexFormat.of().formatHex(v)));
        if (Boolean.getBoolean(UPDATE_PROPERTY)) {
            write(name, actualHex);
            return;
        }
        assertThat(actualHex).as("golden file golden/%s.txt (a persisted format changed?)", name)
                .containsExactlyEntriesOf(read(name));
    }

    private static Map<String, String> read(String name) {
        try (InputStream in = Golden.class.getResourceAsStream("/golden/" + name + ".txt")) {
            assertThat(in).as("golden/%s.txt on the test classpath", name).isNotNull();
            Map<String, String> cases = new LinkedHashMap<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                int colon = line.indexOf(": ");
                cases.put(line.substring(0, colon), line.substring(colon + 2).trim());
            }
            return cases;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(String name, Map<String, String> cases) {
        StringBuilder sb = new StringBuilder("# Persisted format pinned by tests; see Golden.java before editing.\n");
        cases.forEach((k, v) -> sb.append(k).append(": ").append(v).append('\n'));
        try {
            Path file = Path.of("src/test/resources/golden", name + ".txt");
            Files.createDirectories(file.getParent());
            Files.writeString(file, sb.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
