package io.keyline.bench.target;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where the servers come from: the repository root (for cli/target/keyline.jar), the JVM and
 * node binaries, the bench classpath for the speed-of-light server, and a scratch folder under
 * bench/target where dynalite is installed with npm on first use. Immutable apart from the
 * one-time dynalite install.
 */
public final class TargetEnvironment {
    /** The dynalite release measured; pinned so numbers stay comparable. */
    public static final String DYNALITE_PACKAGE = "dynalite@4.0.0";
    private static final long NPM_TIMEOUT_MINUTES = 5;

    private final Path repoRoot;
    private final Path scratch;
    private final List<String> serverJvmOptions;

    public TargetEnvironment(Path repoRoot, Path scratch, List<String> serverJvmOptions) {
        this.repoRoot = repoRoot;
        this.scratch = scratch;
        this.serverJvmOptions = List.copyOf(serverJvmOptions);
    }

    public Path repoRoot() { return repoRoot; }

    public Path scratch() { return scratch; }

    public List<String> serverJvmOptions() { return serverJvmOptions; }

    public String java() { return Path.of(System.getProperty("java.home"), "bin", "java").toString(); }

    public String node() { return "node"; }

    /** This JVM's classpath with absolute entries, since servers run in their own working directories. */
    public String benchClasspath() {
        StringBuilder cp = new StringBuilder();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (entry.isEmpty()) continue;
            if (cp.length() > 0) cp.append(java.io.File.pathSeparator);
            cp.append(Path.of(entry).toAbsolutePath());
        }
        return cp.toString();
    }

    public Path keylineJar() throws IOException {
        Path jar = repoRoot.resolve("cli/target/keyline.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IOException(jar + " is missing: build it with mvn -o -q -pl cli -am package -DskipTests");
        }
        return jar;
    }

    /**
     * The class-data archive options {@code bin/keyline} starts the jar with, when it has
     * recorded one (cli/target/keyline.jsa, see bin/keyline), so the harness starts Keyline as a
     * user does; none otherwise.
     */
    public List<String> keylineCdsOptions() {
        Path archive = repoRoot.resolve("cli/target/keyline.jsa");
        if (!Files.isRegularFile(archive)) return List.of();
        return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    }

    /** The dynalite CLI script, installing the pinned package with npm if it is not there yet. */
    public synchronized Path dynaliteCli() throws IOException {
        Path home = scratch.resolve("dynalite");
        Path cli = home.resolve("node_modules/dynalite/cli.js");
        if (Files.isRegularFile(cli)) return cli;
        Files.createDirectories(home);
        Process p = new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--prefix", home.toString(), DYNALITE_PACKAGE)
                .redirectErrorStream(true).redirectOutput(home.resolve("npm-install.log").toFile()).start();
        try {
            if (!p.waitFor(NPM_TIMEOUT_MINUTES, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException("npm install " + DYNALITE_PACKAGE + " failed; see " + home.resolve("npm-install.log"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted installing dynalite", e);
        }
        if (!Files.isRegularFile(cli)) throw new IOException("npm installed dynalite but " + cli + " is missing");
        return cli;
    }

    /** Finds the repository root: the nearest ancestor of the working directory with bench/pom.xml. */
    public static Path findRepoRoot() {
        String configured = System.getProperty("keyline.root");
        if (configured != null) return Path.of(configured).toAbsolutePath();
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("bench/pom.xml"))) return d;
        }
        return dir;
    }
}
