package io.keyline.reliability.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How a Keyline server is launched: {@code bin/keyline} as a user runs it (the tools' default),
 * or this JVM's classpath with {@code io.keyline.cli.Keyline} as main (tests, where the reactor's
 * classes are the server and no jar need be built). Either way the server is its own process.
 */
public record Launcher(List<String> command) {
    public Launcher {
        command = List.copyOf(command);
    }

    /** {@code bin/keyline} of the given checkout (it builds its jar on first use). */
    public static Launcher binKeyline(Path repoRoot) {
        Path script = repoRoot.resolve("bin/keyline").toAbsolutePath();
        if (!Files.isExecutable(script)) throw new IllegalArgumentException(script + " is not an executable script");
        return new Launcher(List.of(script.toString()));
    }

    /** A JVM on this process's classpath (absolute entries), heap as given (e.g. "-Xmx512m", or null for the default). */
    public static Launcher thisClasspath(String heapOption) {
        StringBuilder cp = new StringBuilder();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.isEmpty()) continue;
            if (cp.length() > 0) cp.append(File.pathSeparator);
            cp.append(Path.of(entry).toAbsolutePath());
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return heapOption == null
                ? new Launcher(List.of(java, "-cp", cp.toString(), "io.keyline.cli.Keyline"))
                : new Launcher(List.of(java, heapOption, "-cp", cp.toString(), "io.keyline.cli.Keyline"));
    }
}
