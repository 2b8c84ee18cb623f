package io.keyline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/RULES.md and the code agree: every entry id of docs/RULES.md a source file cites is an
 * entry of the page, every constant or class an entry says holds its rule exists, and no source
 * cites the keys of a rules digest that is not in the repository ("B.4", "AWS-GSI", "ALT-T-...").
 * Reads the sources of every module from the repository root (core's tests run in core/).
 */
class RulesDocumentTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path RULES = ROOT.resolve("docs/RULES.md");
    private static final List<String> MODULES = List.of("core", "server", "simulator", "sdk", "cli", "storage-rocksdb", "bench",
            "reliability", "storage-cassandra", "streams-kcl");
    private static final Pattern CITATION = Pattern.compile("docs/RULES\\.md#([A-Z][A-Z0-9-]*)((?:, #[A-Z][A-Z0-9-]*)*)");
    private static final Pattern ANCHOR = Pattern.compile("<a id=\"([A-Z][A-Z0-9-]*)\"></a>");
    /** A code reference in an entry: `package.Class`, `package.Class.member` or `package.Class.member(...)`. */
    private static final Pattern HELD_BY = Pattern.compile("`((?:[a-z]+\\.)+)([A-Z]\\w*)(?:\\.(\\w+))?(?:\\([^`]*\\))?`");
    /** Keys of the external digest the code used to cite. */
    private static final Pattern FOREIGN_KEY = Pattern.compile("\\bB\\.[0-9]{1,2}\\b|dynamodb-rules|\\bAWS-[A-Z]{2,}|\\bALT-[A-Z]");
    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> sources(String sourceSet) {
        List<Path> out = new ArrayList<>();
        for (String module : MODULES) {
            Path dir = ROOT.resolve(module).resolve("src").resolve(sourceSet).resolve("java");
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(f -> f.toString().endsWith(".java")).forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    private static Set<String> entries() {
        Set<String> ids = new LinkedHashSet<>();
        Matcher m = ANCHOR.matcher(read(RULES));
        while (m.find()) ids.add(m.group(1));
        return ids;
    }

    @Test
    void everyCitedIdIsAnEntry() {
        Set<String> ids = entries();
        assertThat(ids).hasSizeGreaterThan(50);
        List<String> unknown = new ArrayList<>();
        List<Path> all = new ArrayList<>(sources("main"));
        all.addAll(sources("test"));
        for (Path f : all) {
            Matcher m = CITATION.matcher(read(f));
            while (m.find()) {
                List<String> cited = new ArrayList<>(List.of(m.group(1)));
                for (String more : m.group(2).split(", #")) if (!more.isEmpty()) cited.add(more);
                for (String id : cited) if (!ids.contains(id)) unknown.add(ROOT.relativize(f) + " cites " + id);
            }
        }
        assertThat(unknown).as("citations of docs/RULES.md entries that do not exist").isEmpty();
    }

    @Test
    void whatAnEntrySaysHoldsItsRuleExists() {
        List<String> missing = new ArrayList<>();
        Matcher m = HELD_BY.matcher(read(RULES));
        while (m.find()) {
            String packagePath = m.group(1).replace('.', '/');
            String file = "io/keyline/" + packagePath + m.group(2) + ".java";
            Path source = MODULES.stream().map(mod -> ROOT.resolve(mod).resolve("src/main/java").resolve(file))
                    .filter(Files::exists).findFirst().orElse(null);
            if (source == null) {
                missing.add(m.group() + ": no " + file);
            } else if (m.group(3) != null && !Pattern.compile("\\b" + m.group(3) + "\\b").matcher(read(source)).find()) {
                missing.add(m.group() + ": no " + m.group(3) + " in " + file);
            }
        }
        assertThat(missing).as("code that docs/RULES.md names but the sources do not have").isEmpty();
    }

    @Test
    void mainSourcesCiteNoKeysOfADigestOutsideTheRepository() {
        List<String> foreign = new ArrayList<>();
        for (Path f : sources("main")) {
            String relative = ROOT.relativize(f).toString().replace('\\', '/');
            String[] lines = read(f).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (FOREIGN_KEY.matcher(lines[i]).find()) foreign.add(relative + ":" + (i + 1) + ": " + lines[i].strip());
            }
        }
        assertThat(foreign).as("cite docs/RULES.md#<id> instead").isEmpty();
    }
}
