package io.keyline.bench;

import io.keyline.time.Clock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Facts recorded beside every result: date, commit, cores, CPU model, JVM, node. Stateless. */
final class Machine {
    private Machine() {}

    static Map<String, String> describe(Clock clock, Path repoRoot, String args) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("date", clock.now().toString());
        m.put("commit", run(repoRoot, "git", "rev-parse", "--short", "HEAD"));
        m.put("nproc", Integer.toString(Runtime.getRuntime().availableProcessors()));
        m.put("cpu", cpuModel());
        m.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        m.put("node", run(repoRoot, "node", "--version"));
        m.put("args", args);
        m.put("loadavg at start", loadAverage());
        return m;
    }

    /** 1, 5 and 15 minute load averages: how busy the neighbours were (2 cores: above 2 is contention). */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) return line.substring(line.indexOf(':') + 1).trim();
            }
        } catch (IOException e) {
            return "unknown";
        }
        return "unknown";
    }

    private static String run(Path dir, String... command) {
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.waitFor() == 0 ? out : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
