package io.keyline.bench.target;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The servers the harness knows how to start, and the command line of each. Every server gets
 * a fresh scratch working directory, so RocksDB and LevelDB data never outlive a harness run.
 */
public enum TargetKind {
    /** The bound: {@link io.keyline.bench.sol.SpeedOfLightServer} in its own JVM. */
    SOL("speed-of-light"),
    /** dynalite, in memory (its default). */
    DYNALITE("dynalite"),
    /** dynalite on LevelDB ({@code --path}). */
    DYNALITE_DISK("dynalite-leveldb"),
    /** Keyline with {@code --in-memory}. */
    KEYLINE_MEMORY("keyline-memory"),
    /** Keyline with its default RocksDB storage. */
    KEYLINE_ROCKSDB("keyline-rocksdb"),
    /** Keyline in memory with {@code --capacity off}: the cost of the capacity model is the difference. */
    KEYLINE_MEMORY_CAPACITY_OFF("keyline-memory-capacity-off"),
    /** Keyline on RocksDB with {@code --capacity off}. */
    KEYLINE_ROCKSDB_CAPACITY_OFF("keyline-rocksdb-capacity-off");

    private final String label;

    TargetKind(String label) { this.label = label; }

    public String label() { return label; }

    public static TargetKind parse(String s) {
        for (TargetKind k : values()) {
            if (k.label.equals(s.trim()) || k.name().equalsIgnoreCase(s.trim().replace('-', '_'))) return k;
        }
        if (s.trim().equals("sol")) return SOL;
        throw new IllegalArgumentException("unknown target " + s + "; known: sol, dynalite, dynalite-leveldb, keyline-memory, "
                + "keyline-rocksdb, keyline-memory-capacity-off, keyline-rocksdb-capacity-off");
    }

    /** True for servers that need tables created and items loaded before a run. */
    public boolean storesData() { return this != SOL; }

    public boolean isKeyline() {
        return this == KEYLINE_MEMORY || this == KEYLINE_ROCKSDB || this == KEYLINE_MEMORY_CAPACITY_OFF
                || this == KEYLINE_ROCKSDB_CAPACITY_OFF;
    }

    /**
     * The command that starts this server on {@code port}.
     *
     * @param env where the jars, node and JVM options are
     * @param workDir the server's scratch working directory
     */
    public List<String> command(TargetEnvironment env, int port, Path workDir) throws IOException {
        List<String> cmd = new ArrayList<>();
        switch (this) {
            case SOL:
                cmd.add(env.java());
                cmd.addAll(env.serverJvmOptions());
                cmd.add("-cp");
                cmd.add(env.benchClasspath());
                cmd.add("io.keyline.bench.sol.SpeedOfLightServer");
                cmd.add("--port");
                cmd.add(Integer.toString(port));
                return cmd;
            case DYNALITE:
            case DYNALITE_DISK:
                cmd.add(env.node());
                cmd.add(env.dynaliteCli().toString());
                cmd.add("--port");
                cmd.add(Integer.toString(port));
                // Tables become ACTIVE at once: dynalite otherwise simulates DynamoDB's delays.
                cmd.addAll(List.of("--createTableMs", "0", "--deleteTableMs", "0", "--updateTableMs", "0"));
                if (this == DYNALITE_DISK) {
                    Path data = Files.createDirectories(workDir.resolve("leveldb"));
                    cmd.add("--path");
                    cmd.add(data.toString());
                }
                return cmd;
            case KEYLINE_MEMORY:
            case KEYLINE_ROCKSDB:
            case KEYLINE_MEMORY_CAPACITY_OFF:
            case KEYLINE_ROCKSDB_CAPACITY_OFF:
                cmd.add(env.java());
                cmd.addAll(env.keylineCdsOptions());
                cmd.addAll(env.serverJvmOptions());
                cmd.add("-jar");
                cmd.add(env.keylineJar().toString());
                cmd.add("serve");
                if (this == KEYLINE_MEMORY || this == KEYLINE_MEMORY_CAPACITY_OFF) cmd.add("--in-memory");
                if (this == KEYLINE_MEMORY_CAPACITY_OFF || this == KEYLINE_ROCKSDB_CAPACITY_OFF) cmd.add("--capacity=off");
                // Room for TableSetup's provisioned bench table (the default quota is 40,000 units).
                cmd.add("--table-quota=" + 2 * TableSetup.PROVISIONED_UNITS);
                cmd.add("--port");
                cmd.add(Integer.toString(port));
                return cmd;
            default:
                throw new IllegalStateException(name());
        }
    }
}
