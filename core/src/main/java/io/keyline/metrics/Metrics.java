package io.keyline.metrics;

import io.keyline.capacity.CapacityModel;
import io.keyline.capacity.CapacityObserver;
import io.keyline.capacity.LimitKind;
import io.keyline.capacity.PartitionMap;
import io.keyline.capacity.ThrottleExplanation;
import io.keyline.metadata.Namespace;
import io.keyline.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The metrics of one engine: the store, the observers attached to its capacity models (one per
 * namespace: account and region), the request recorder, the samplers and the throttle reporters.
 * {@link #attach} makes them for the default namespace, {@link #observe} for each other
 * namespace's model as it appears; every series is keyed by its namespace
 * (docs/RULES.md#NS-REGION). With metrics off ({@link MetricsSettings#enabled} false) nothing is
 * recorded: only throttles reach the observers, to be explained, and {@link #requests()} is null,
 * so the request path pays nothing beyond a null check. Thread-safe.
 */
public final class Metrics {
    /** The namespace of {@link #attach(CapacityModel, Clock, MetricsSettings, double, double, Consumer)}: DynamoDB Local's account and region. */
    public static final Namespace LOCAL = new Namespace("000000000000", "us-east-1");

    /** At most this many regions' namespaces are remembered; others are resolved on each call. */
    private static final int MAX_CACHED_REGIONS = 64;

    private final Namespace home;
    private final Function<String, Namespace> regions;
    private final Map<String, Namespace> byRegion = new ConcurrentHashMap<>();
    private final Clock clock;
    private final MetricsSettings settings;
    private final double accountQuotaRead;
    private final double accountQuotaWrite;
    private final Consumer<ThrottleExplanation> throttleLog;
    private final MetricsStore store;
    private final RequestMetrics requests;
    private final Map<Namespace, CapacitySampler> samplers = new ConcurrentHashMap<>();
    private final Map<Namespace, ThrottleReporter> throttles = new ConcurrentHashMap<>();
    /** Other levels sampled with the capacity models' (the engine's index services: GSI lag, backfills, item collections). */
    private final List<Consumer<MetricsStore>> levels = new java.util.concurrent.CopyOnWriteArrayList<>();

    private Metrics(Namespace home, Function<String, Namespace> regions, Clock clock, MetricsSettings settings, double accountQuotaRead, double accountQuotaWrite,
                    Consumer<ThrottleExplanation> throttleLog) {
        this.home = home;
        this.regions = regions;
        this.clock = clock;
        this.settings = settings;
        this.accountQuotaRead = accountQuotaRead;
        this.accountQuotaWrite = accountQuotaWrite;
        this.throttleLog = throttleLog;
        this.store = new MetricsStore(clock, settings);
        this.requests = settings.enabled() ? new RequestMetrics(store, home) : null;
    }

    /** {@link #attach(Namespace, CapacityModel, Clock, MetricsSettings, double, double, Consumer)} in namespace {@link #LOCAL}. */
    public static Metrics attach(CapacityModel model, Clock clock, MetricsSettings settings, double accountQuotaRead,
                                 double accountQuotaWrite, Consumer<ThrottleExplanation> throttleLog) {
        return attach(LOCAL, region -> new Namespace(LOCAL.account(), region), model, clock, settings, accountQuotaRead,
                accountQuotaWrite, throttleLog);
    }

    /**
     * Starts keeping the metrics of {@code model}'s tables, the default namespace {@code home}'s;
     * {@link #observe} adds the models of other namespaces.
     *
     * @param regions           the namespace whose tables a request signed for a region sees
     *                          ({@code Engine.inRegion(region).namespace()}: with --shared-db, {@code home})
     * @param accountQuotaRead  the account's provisioned quota in a region (docs/RULES.md#QUOTA-ACCOUNT)
     * @param throttleLog       where throttle explanations go (the server logs them)
     */
    public static Metrics attach(Namespace home, Function<String, Namespace> regions, CapacityModel model, Clock clock,
                                 MetricsSettings settings, double accountQuotaRead, double accountQuotaWrite,
                                 Consumer<ThrottleExplanation> throttleLog) {
        Metrics metrics = new Metrics(home, regions, clock, settings, accountQuotaRead, accountQuotaWrite, throttleLog);
        metrics.observe(home, model);
        return metrics;
    }

    /** Starts keeping the metrics of namespace {@code ns}'s model too; a namespace already observed is left as it is. */
    public void observe(Namespace ns, CapacityModel model) {
        ThrottleReporter reporter = new ThrottleReporter(model, clock, settings, throttleLog);
        if (throttles.putIfAbsent(ns, reporter) != null) return;
        if (!settings.enabled()) {
            // Throttles are still explained: they are rare, and the request path never sees the reporter.
            model.observe(new CapacityObserver() {
                @Override public void throttled(PartitionMap map, boolean write, LimitKind limit, int partition) {
                    reporter.throttled(map, write, limit, partition);
                }
            });
            return;
        }
        model.observe(new CapacityMetrics(ns, store, reporter));
        samplers.put(ns, new CapacitySampler(ns, model, store, accountQuotaRead, accountQuotaWrite));
    }

    public boolean enabled() { return requests != null; }

    public MetricsStore store() { return store; }

    /** The default namespace: that of requests that name no region. */
    public Namespace home() { return home; }

    /**
     * The namespace of a request signed for {@code region} (the SigV4 credential scope's): the
     * default namespace for null. Cheap: one map lookup once a region was seen.
     */
    public Namespace namespaceOf(String region) {
        if (region == null || region.equals(home.region())) return home; // the common case: no map look-up
        Namespace ns = byRegion.get(region);
        if (ns != null) return ns;
        ns = regions.apply(region);
        if (byRegion.size() < MAX_CACHED_REGIONS) byRegion.putIfAbsent(region, ns);
        return ns;
    }

    /** The namespaces observed, the default one first. */
    public List<Namespace> namespaces() {
        List<Namespace> out = new java.util.ArrayList<>(throttles.keySet());
        out.remove(home);
        out.sort(null);
        out.add(0, home);
        return out;
    }

    /** Where finished requests are recorded, or null when metrics are off. */
    public RequestMetrics requests() { return requests; }

    /** Samples every observed model's levels now, then the other {@link #sampleAlso} sources (a no-op when metrics are off). */
    public void sample() {
        if (!enabled()) return;
        for (CapacitySampler s : samplers.values()) s.sample();
        for (Consumer<MetricsStore> l : levels) l.accept(store);
    }

    /** Samples {@code source} into the store at each {@link #sample} too (levels the capacity model does not hold). */
    public void sampleAlso(Consumer<MetricsStore> source) { levels.add(source); }

    /** The default namespace's throttle reporter. */
    public ThrottleReporter throttles() { return throttles.get(home); }

    /** Namespace {@code ns}'s throttle reporter, or null if its model is not observed. */
    public ThrottleReporter throttles(Namespace ns) { return throttles.get(ns); }
}
