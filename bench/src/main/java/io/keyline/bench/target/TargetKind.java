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
    KEYLINE_ROCKSDB_CAPACITY_OFF("keyline-rocksdb-capacity-off"),
    /**
     * Keyline on Cassandra (docs/CLUSTER.md): the ring at {@code KEYLINE_BENCH_CASSANDRA} (default
     * 127.0.0.1:9042), replication {@code KEYLINE_BENCH_CASSANDRA_REPLICATION} (default 1), QUORUM,
     * in a keyspace of its own for each harness run.
     */
    KEYLINE_CASSANDRA("keyline-cassandra"),
    /**
     * Two Keyline nodes on one Cassandra keyspace: the second ({@link #companionCommand}) starts once
     * the tables are loaded, on the port {@value #COMPANION_PORT_OFFSET} above, and the load is
     * split between the two; server CPU is both nodes'.
     */
    KEYLINE_CASSANDRA_2("keyline-cassandra-2nodes");

    /** The second node of {@link #KEYLINE_CASSANDRA_2} listens this far above the first. */
    public static final int COMPANION_PORT_OFFSET = 100;

    private final String label;

    TargetKind(String label) { this.label = label; }

    public String label() { return label; }

    public static TargetKind parse(String s) {
        for (TargetKind k : values()) {
            if (k.label.equals(s.trim()) || k.name().equalsIgnoreCase(s.trim().replace('-', '_'))) return k;
        }
        if (s.trim().equals("sol")) return SOL;
        throw new IllegalArgumentException("unknown target " + s + "; known: sol, dynalite, dynalite-leveldb, keyline-memory, "
                + "keyline-rocksdb, keyline-memory-capacity-off, keyline-rocksdb-capacity-off, keyline-cassandra, keyline-cassandra-2nodes");
    }

    /** True for servers that need tables created and items loaded before a run. */
    public boolean storesData() { return this != SOL; }

    public boolean isKeyline() {
        return this == KEYLINE_MEMORY || this == KEYLINE_ROCKSDB || this == KEYLINE_MEMORY_CAPACITY_OFF
                || this == KEYLINE_ROCKSDB_CAPACITY_OFF || this == KEYLINE_CASSANDRA || this == KEYLINE_CASSANDRA_2;
    }

    /** True when a second node joins this target after its tables are loaded. */
    public boolean hasCompanion() { return this == KEYLINE_CASSANDRA_2; }

    /** The second node's command: the same server on the same keyspace ({@code workDir}'s), on {@code port}. */
    public List<String> companionCommand(TargetEnvironment env, int port, Path workDir) throws IOException {
        return keyline(env, port, workDir);
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
            case KEYLINE_CASSANDRA:
            case KEYLINE_CASSANDRA_2:
                return keyline(env, port, workDir);
            default:
                throw new IllegalStateException(name());
        }
    }

    private List<String> keyline(TargetEnvironment env, int port, Path workDir) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(env.java());
        cmd.addAll(env.keylineCdsOptions());
        cmd.addAll(env.serverJvmOptions());
        cmd.add("-jar");
        cmd.add(env.keylineJar().toString());
        cmd.add("serve");
        if (this == KEYLINE_MEMORY || this == KEYLINE_MEMORY_CAPACITY_OFF) cmd.add("--in-memory");
        if (this == KEYLINE_MEMORY_CAPACITY_OFF || this == KEYLINE_ROCKSDB_CAPACITY_OFF) cmd.add("--capacity=off");
        if (this == KEYLINE_CASSANDRA || this == KEYLINE_CASSANDRA_2) cmd.addAll(cassandra(workDir));
        // Room for TableSetup's provisioned bench table (the default quota is 40,000 units).
        cmd.add("--table-quota=" + 2 * TableSetup.PROVISIONED_UNITS);
        cmd.add("--port");
        cmd.add(Integer.toString(port));
        return cmd;
    }

    /**
     * The Cassandra options: a keyspace named once per server work directory (kept in it, so both
     * nodes of a pair share it and no run meets another run's tables).
     */
    private static List<String> cassandra(Path workDir) throws IOException {
        Path name = workDir.resolve("cassandra-keyspace");
        // the harness's pid: a fresh name for every harness run
        if (!Files.exists(name)) Files.writeString(name, "bench_" + ProcessHandle.current().pid());
        String points = System.getenv().getOrDefault("KEYLINE_BENCH_CASSANDRA", "127.0.0.1:9042");
        String replication = System.getenv().getOrDefault("KEYLINE_BENCH_CASSANDRA_REPLICATION", "1");
        return List.of("--storage", "cassandra", "--cassandra", points, "--keyspace", Files.readString(name).trim(),
                "--replication", replication, "--consistency", "QUORUM");
    }
}
