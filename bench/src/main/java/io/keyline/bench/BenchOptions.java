package io.keyline.bench;

import io.keyline.bench.load.LoadSpec;
import io.keyline.bench.target.TargetKind;
import io.keyline.bench.workload.KeyDistribution;
import io.keyline.bench.workload.Op;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The command line of {@link BenchMain}: every option is {@code --name value}, lists are
 * comma-separated. {@code --smoke} first applies a few-second preset that later options may
 * override. Immutable once parsed.
 */
public record BenchOptions(
        List<TargetKind> targets,
        List<String> clients,
        List<Op> ops,
        List<Integer> sizes,
        List<KeyDistribution.Kind> keys,
        List<Integer> concurrency,
        List<Double> rates,
        Duration warmup,
        Duration duration,
        int repetitions,
        int itemKeys,
        int queryPartitions,
        long seed,
        int basePort,
        List<String> serverJvmOptions,
        Path out,
        boolean startupOnly,
        Duration idleBeforeRss,
        Duration clientWarmup,
        double openAt,
        Duration settle,
        boolean contributorInsights) {

    public static final String USAGE = String.join("\n",
            "usage: bench/run.sh [--smoke] [options]",
            "  --targets sol,dynalite,dynalite-leveldb,keyline-memory,keyline-rocksdb   (default sol,dynalite,keyline-memory,keyline-rocksdb)",
            "  --clients raw,sdk             load generators (default raw,sdk)",
            "  --ops put,get,update,query,scan,batch-write,mixed   (default put,get,query)",
            "  --sizes 200,4096              item sizes in bytes (default 200)",
            "  --keys uniform,zipf           key distributions (default uniform)",
            "  --concurrency 16,64           closed loop: requests in flight; open loop: connections (default 16,64)",
            "  --rates 2000,5000             open loop at these rates (req/s) instead of closed loop",
            "  --warmup 3 --duration 10      seconds per run (default 3 and 10)",
            "  --reps 3                      repetitions, targets alternating A B A B (default 3)",
            "  --item-keys 10000 --query-partitions 1000 --seed 42 --base-port 18100",
            "  --server-jvm '-Xmx1g'         JVM options for Java servers (space-separated)",
            "  --out bench/target/results    folder for results.md and results.json",
            "  --idle 2                      seconds a server idles after start-up before its RSS is read",
            "  --open-at 0.5                 after the closed-loop runs, open loop at this fraction of each target's maximum",
            "                                (median req/s at the highest concurrency): latency at a sustainable load",
            "  --client-warmup 5             seconds per client and operation spent warming the client's JIT before the matrix",
            "  --settle 30                   before each measured run, wait up to this many seconds for the server to be idle",
            "  --insights on                 enable Contributor Insights on the bench table (to measure what keeping it costs)",
            "                                (no CPU left from the run before: compactions, flushes); 0 does not wait",
            "  --startup                     only measure start-up time and idle RSS (reps times per target)");

    static final Map<String, String> DEFAULTS = defaults();

    private static Map<String, String> defaults() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("targets", "sol,dynalite,keyline-memory,keyline-rocksdb");
        d.put("clients", "raw,sdk");
        d.put("ops", "put,get,query");
        d.put("sizes", "200");
        d.put("keys", "uniform");
        d.put("concurrency", "16,64");
        d.put("rates", "");
        d.put("warmup", "3");
        d.put("duration", "10");
        d.put("reps", "3");
        d.put("item-keys", "10000");
        d.put("query-partitions", "1000");
        d.put("seed", "42");
        d.put("base-port", "18100");
        d.put("server-jvm", "");
        d.put("out", "bench/target/results");
        d.put("startup", "false");
        d.put("idle", "2");
        d.put("client-warmup", "5");
        d.put("open-at", "0");
        d.put("settle", "30");
        d.put("insights", "off");
        return d;
    }

    /** The few-second preset used by CI's smoke test. */
    static final Map<String, String> SMOKE = Map.of(
            "targets", "sol", "ops", "put,get,query", "concurrency", "4", "warmup", "0.3",
            "duration", "0.7", "reps", "1", "item-keys", "100", "query-partitions", "10",
            "idle", "0.1", "client-warmup", "0");

    public static BenchOptions parse(String... args) {
        Map<String, String> v = new LinkedHashMap<>(DEFAULTS);
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        if (rest.remove("--smoke")) v.putAll(SMOKE);
        if (rest.remove("--startup")) v.put("startup", "true");
        for (int i = 0; i < rest.size(); i++) {
            String a = rest.get(i);
            if (!a.startsWith("--") || !v.containsKey(a.substring(2)) || i + 1 >= rest.size()) {
                throw new IllegalArgumentException("bad option " + a + "\n" + USAGE);
            }
            v.put(a.substring(2), rest.get(++i));
        }
        return new BenchOptions(
                list(v.get("targets"), TargetKind::parse),
                list(v.get("clients"), s -> {
                    if (!s.equals("raw") && !s.equals("sdk")) throw new IllegalArgumentException("client must be raw or sdk: " + s);
                    return s;
                }),
                list(v.get("ops"), Op::parse),
                list(v.get("sizes"), Integer::parseInt),
                list(v.get("keys"), KeyDistribution.Kind::parse),
                list(v.get("concurrency"), Integer::parseInt),
                list(v.get("rates"), Double::parseDouble),
                seconds(v.get("warmup")),
                seconds(v.get("duration")),
                Integer.parseInt(v.get("reps")),
                Integer.parseInt(v.get("item-keys")),
                Integer.parseInt(v.get("query-partitions")),
                Long.parseLong(v.get("seed")),
                Integer.parseInt(v.get("base-port")),
                v.get("server-jvm").isBlank() ? List.of() : List.of(v.get("server-jvm").trim().split("\\s+")),
                Path.of(v.get("out")),
                Boolean.parseBoolean(v.get("startup")),
                seconds(v.get("idle")),
                seconds(v.get("client-warmup")),
                Double.parseDouble(v.get("open-at")),
                seconds(v.get("settle")),
                onOff(v.get("insights")));
    }

    private static boolean onOff(String s) {
        if (s.equals("on")) return true;
        if (s.equals("off")) return false;
        throw new IllegalArgumentException("--insights must be on or off: " + s);
    }

    /** The load specs of the matrix: closed loop per concurrency, or open loop per rate and concurrency. */
    public List<LoadSpec> loads() {
        List<LoadSpec> out = new ArrayList<>();
        for (int c : concurrency) {
            if (rates.isEmpty()) out.add(LoadSpec.closed(c, warmup, duration));
            else for (double r : rates) out.add(LoadSpec.open(r, c, warmup, duration));
        }
        return out;
    }

    private static <T> List<T> list(String csv, Function<String, T> parse) {
        List<T> out = new ArrayList<>();
        for (String s : csv.split(",")) if (!s.isBlank()) out.add(parse.apply(s.trim()));
        return List.copyOf(out);
    }

    private static Duration seconds(String s) {
        return Duration.ofNanos(Math.round(Double.parseDouble(s) * 1e9));
    }
}
