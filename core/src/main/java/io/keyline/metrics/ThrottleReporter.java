package io.keyline.metrics;

import io.keyline.capacity.CapacityModel;
import io.keyline.capacity.LimitKind;
import io.keyline.capacity.PartitionMap;
import io.keyline.capacity.TableCapacity;
import io.keyline.capacity.ThrottleExplanation;
import io.keyline.capacity.Throughput;
import io.keyline.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Explains throttles where they happen: at most one explanation per table or GSI per
 * {@link MetricsSettings#throttleLogInterval} goes to the sink (the server logs it), saying
 * how many throttles of that resource it stands for. The first throttle of a small provisioned
 * table (the 1 to 5 units ORMs and test suites create by default) also says how to measure
 * without throttling. The latest explanation of each resource is kept for a dashboard.
 *
 * <p>Threading: thread-safe; a throttle that is not reported costs two atomic operations.
 */
public final class ThrottleReporter {
    /** Provisioned units at or below which a table counts as small (ORMs default to 1 RCU / 1 WCU). */
    public static final double SMALL_TABLE_UNITS = 5;
    static final String MEASURE_ADVICE = "This %s is provisioned with %s %s, as ORMs and test suites often "
            + "create tables; once its 300 seconds of burst are spent it serves that many units a second. To measure a "
            + "workload without being throttled, run Keyline with --capacity account (it counts and reports what "
            + "would throttle, and never refuses)";

    private final CapacityModel model;
    private final Clock clock;
    private final long intervalNanos;
    private final Consumer<ThrottleExplanation> sink;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private final Map<String, ThrottleExplanation> latest = new ConcurrentHashMap<>();
    private final Set<String> advised = ConcurrentHashMap.newKeySet();

    private static final class Window {
        final AtomicLong next = new AtomicLong(Long.MIN_VALUE);
        final AtomicLong suppressed = new AtomicLong();
    }

    public ThrottleReporter(CapacityModel model, Clock clock, MetricsSettings settings, Consumer<ThrottleExplanation> sink) {
        this.model = model;
        this.clock = clock;
        this.intervalNanos = settings.throttleLogInterval().toNanos();
        this.sink = sink;
    }

    /** One throttle event; explained if its resource has not been explained within the interval. */
    void throttled(PartitionMap map, boolean write, LimitKind limit, int partition) {
        String resource = map.isIndex() ? map.tableName() + "/index/" + map.name() : map.tableName();
        Window w = windows.computeIfAbsent(resource, r -> new Window());
        long now = clock.nanos();
        long next = w.next.get();
        if (now < next || !w.next.compareAndSet(next, now + intervalNanos)) {
            w.suppressed.incrementAndGet();
            return;
        }
        long others = w.suppressed.getAndSet(0);
        ThrottleExplanation e = map.explain(write, limit, partition);
        TableCapacity table = map.isIndex() ? model.table(map.tableName()) : null;
        if (table != null) e = e.withBaseTable(table.table().usedThisSecond(write), table.table().serving(write));
        String advice = others > 0 ? others + " more throttles of this " + (map.isIndex() ? "index" : "table")
                + " since the last explanation" : null;
        String small = e.refused() ? smallTableAdvice(map, write) : null; // in account mode nothing was refused
        if (small != null) advice = advice == null ? small : advice + ". " + small;
        if (advice != null) e = e.withAdvice(advice);
        latest.put(resource, e);
        sink.accept(e);
    }

    /** The advice for the first throttle of a small provisioned table (or GSI), once per resource; else null. */
    private String smallTableAdvice(PartitionMap map, boolean write) {
        Throughput t = map.throughput();
        if (t.onDemandMode()) return null;
        double units = write ? t.write() : t.read();
        if (units > SMALL_TABLE_UNITS) return null;
        String resource = map.tableName() + (map.isIndex() ? "/index/" + map.name() : "");
        if (!advised.add(resource)) return null;
        return String.format(java.util.Locale.ROOT, MEASURE_ADVICE, map.isIndex() ? "index" : "table", units == Math.rint(units) ? String.valueOf((long) units) : String.valueOf(units),
                write ? "WCU" : "RCU");
    }

    /** The latest explanation of each table ("T") or GSI ("T/index/G"). */
    public Map<String, ThrottleExplanation> latest() { return Map.copyOf(latest); }
}
