package io.keyline.engine.cluster;

import io.keyline.capacity.ClusterAdmission;
import io.keyline.capacity.PartitionMap;
import io.keyline.engine.cluster.ExchangeMessages.Answer;
import io.keyline.engine.cluster.ExchangeMessages.Charge;
import io.keyline.engine.cluster.ExchangeMessages.Debt;
import io.keyline.engine.cluster.ExchangeMessages.Demand;
import io.keyline.engine.cluster.ExchangeMessages.Report;
import io.keyline.engine.metering.CapacityRegistry;
import io.keyline.time.Clock;
import io.keyline.time.PeriodicThread;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Capacity across Keyline nodes (docs/CLUSTER.md, "Capacity across nodes"): every
 * {@link #PERIOD}, this node sends each other node that owns ranges a {@link Report}, and applies
 * its {@link Answer}:
 * <ul>
 *   <li><b>GSI back-pressure</b> (docs/RULES.md#CLUSTER-GSI-BACK-PRESSURE). A base write's GSI
 *       part lands at the GSI entry's token, whose range another node may own. This node admits
 *       it on its own model as before, and also refuses it while the owner last said its
 *       partition there is in debt ({@link #refusedElsewhere}); once admitted, its units go into
 *       the next report to the owner ({@link #admitted}), which charges them to its partition in
 *       full and answers with the debts of the partitions they landed on. The owner's partition
 *       thus counts every node's writes, and its limit holds in total, but for the units admitted
 *       elsewhere in the period before the owner's answer: at most one period (plus a round trip)
 *       of the other nodes' writes to it, at any moment, charged afterwards.</li>
 *   <li><b>A partition whose keys several nodes own</b> (docs/RULES.md#CLUSTER-PARTITION-HOME).
 *       The same, for a table's (or GSI's) partition that spans ranges of several owners: its
 *       count is kept by the owner of its first token, to which the others report what they admit
 *       in it, and whose debt they honour; so its ceiling holds in total, within one period.</li>
 *   <li><b>Table-level budgets</b> (docs/RULES.md#CLUSTER-TABLE-BUDGET-SHARE). Each report
 *       carries this node's demand on every table and GSI; each node takes a share of each
 *       table's limits in proportion to the demands ({@link BudgetShares}), and counts the
 *       units the others admitted toward an on-demand table's peak.</li>
 * </ul>
 * This node's own requests are never delayed by the exchange: a report is sent on the exchange's
 * thread, and a request reads what the last answers said. A node that owns every range exchanges
 * nothing and its model has no {@link ClusterAdmission} at all, so it runs exactly as alone.
 * A report that is lost (the other node cannot be reached) is dropped: its charges are not
 * counted by the owner, and the nodes' shares go on from the figures they last heard.
 *
 * <p>Threading: {@link #round} runs on one thread (the exchange's own, a {@link PeriodicThread}
 * on the injected clock, or a test's);
 * {@link #receive} on the threads that receive reports; {@link #refusedElsewhere} and
 * {@link #admitted} on request threads.
 */
public final class CapacityExchange implements ClusterAdmission, AutoCloseable {
    /** The HTTP path on which a node receives reports (POST, binary body), beside the API's {@code /}. */
    public static final String PATH = "/_keyline/capacity";
    /** How often a node reports: the error of GSI back-pressure across nodes is one period of writes. */
    public static final Duration PERIOD = Duration.ofMillis(200);
    private static final System.Logger LOG = System.getLogger(CapacityExchange.class.getName());

    /** How a report reaches another node (HTTP between servers; a direct call in tests). */
    public interface Transport {
        /** Sends {@code report} to {@code node} and returns its answer. */
        Answer exchange(String node, Report report) throws IOException;
    }

    private final RangeOwners owners;
    private final CapacityRegistry registry;
    private final Clock clock;
    private final BudgetShares shares = new BudgetShares(PERIOD.toNanos());
    /** Units admitted here at tokens other nodes own, not yet reported, by (ARN, token). */
    private final Map<ChargeKey, Pending> pending = new ConcurrentHashMap<>();
    /** By ARN: the debts other nodes last reported, copy-on-write (written by the round's thread only). */
    private final Map<String, Held[]> debts = new ConcurrentHashMap<>();
    private volatile Transport transport;
    private volatile boolean attached;
    private final PeriodicThread rounds;

    private record ChargeKey(String arn, long token) {}

    /** A debt of {@code publisher}'s partition over [first, last], until {@code until} on this node's clock. */
    private record Held(String publisher, long first, long last, long until) {}

    /** Units not yet reported at one token; retired once a round found it empty, so no add is lost to its removal. */
    private static final class Pending {
        private final long sort;
        private double units;
        private boolean retired;

        Pending(long sort) { this.sort = sort; }

        synchronized boolean add(double u) {
            if (retired) return false;
            units += u;
            return true;
        }

        synchronized double take() {
            double u = units;
            units = 0;
            if (u == 0) retired = true;
            return u;
        }
    }

    public CapacityExchange(RangeOwners owners, CapacityRegistry registry, Clock clock) {
        this.owners = owners;
        this.registry = registry;
        this.clock = clock;
        this.rounds = new PeriodicThread("keyline-capacity-exchange", clock, PERIOD, false, this::round,
                e -> LOG.log(System.Logger.Level.WARNING, "capacity exchange: {0}; trying again", e.toString()));
    }

    /** Starts reporting every {@link #PERIOD} over {@code transport}, on a thread of its own. */
    public void start(Transport transport) {
        this.transport = transport;
        rounds.start();
    }

    /** Reports over {@code transport} when {@link #round} is called (tests drive the rounds themselves). */
    public void connect(Transport transport) { this.transport = transport; }

    /** One period: report to every other node that owns ranges, hold what they answer, set this node's shares. */
    public void round() {
        Set<String> others = owners.others();
        Transport t = transport;
        if (others.isEmpty() || t == null) {
            if (attached) detach();
            return;
        }
        if (!attached) attach();
        // this node's demand, then its shares from it, then the report: the banked units a smaller
        // share gives up go out with the figure that made it smaller, so the receiver's share
        // grows by as much before it banks them
        shares.measure(registry);
        shares.apply(registry, others.size() + 1, clock.nanos());
        Map<String, List<Demand>> demand = shares.report(others);
        Map<String, List<Charge>> charges = drainCharges();
        for (String node : others) {
            Report report = new Report(owners.self(), demand.get(node), charges.getOrDefault(node, List.of()));
            try {
                hold(node, t.exchange(node, report));
            } catch (IOException | RuntimeException e) {
                LOG.log(System.Logger.Level.DEBUG, "capacity report to {0} lost: {1}", node, e.toString());
            }
        }
        forgetExpired();
    }

    /** Another node's report: its demand noted, its charges taken by this node's partitions; the answer names those in debt. */
    public Answer receive(Report report) {
        // only a node that owns ranges now is heard (its name as the range leases hold it)
        if (!owners.others().contains(report.sender())) return Answer.NONE;
        long now = clock.nanos();
        shares.heard(report.sender(), report.demands(), now);
        for (Demand d : report.demands()) {
            if (d.readUsed() <= 0 && d.writeUsed() <= 0) continue;
            PartitionMap map = registry.map(d.arn());
            if (map != null) map.countUsedElsewhere(d.readUsed(), d.writeUsed());
        }
        for (Charge c : report.charges()) {
            PartitionMap map = registry.map(c.arn());
            if (map != null) map.chargeElsewhere(c.token(), c.sort(), c.units());
        }
        List<Debt> out = new ArrayList<>();
        Set<List<Object>> named = new HashSet<>();
        for (Charge c : report.charges()) {
            PartitionMap map = registry.map(c.arn());
            PartitionMap.Debt d = map == null ? null : map.debtAt(c.token(), c.sort());
            if (d != null && named.add(List.of(c.arn(), d.firstToken()))) out.add(new Debt(c.arn(), d.firstToken(), d.lastToken(), d.nanos()));
        }
        return out.isEmpty() ? Answer.NONE : new Answer(out);
    }

    // ---- ClusterAdmission: called by the capacity model on request threads ----

    @Override public boolean refusedElsewhere(PartitionMap map, long token, long nowNanos) {
        if (debts.isEmpty()) return false;
        Held[] held = debts.get(map.arn());
        if (held == null) return false;
        String home = null;
        for (Held h : held) {
            if (token < h.first || token > h.last || h.until - nowNanos <= 0) continue;
            if (home == null) home = owners.ownerOf(map.homeToken(token, Long.MIN_VALUE));
            if (h.publisher.equals(home)) return true;
        }
        return false;
    }

    /**
     * Units admitted here at {@code token}: reported to the node that keeps the count of the
     * partition holding it, the owner of the partition's first token
     * (docs/RULES.md#CLUSTER-PARTITION-HOME), unless that is this node.
     */
    @Override public void admitted(PartitionMap map, long token, long sort, double units) {
        String owner = owners.ownerOf(map.homeToken(token, sort));
        if (owner.isEmpty() || owner.equals(owners.self())) return;
        ChargeKey key = new ChargeKey(map.arn(), token);
        while (true) {
            Pending p = pending.computeIfAbsent(key, k -> new Pending(sort));
            if (p.add(units)) return;
            pending.remove(key, p);
        }
    }

    // ---- the round's parts ----

    /** This node's unreported charges, by the node that owns each token now (those of no live owner are dropped). */
    private Map<String, List<Charge>> drainCharges() {
        Map<String, List<Charge>> out = new HashMap<>();
        for (Map.Entry<ChargeKey, Pending> e : pending.entrySet()) {
            double units = e.getValue().take();
            if (units == 0) {
                pending.remove(e.getKey(), e.getValue());
                continue;
            }
            PartitionMap map = registry.map(e.getKey().arn());
            if (map == null) continue; // the table or index is gone
            String owner = owners.ownerOf(map.homeToken(e.getKey().token(), e.getValue().sort));
            if (owner.isEmpty() || owner.equals(owners.self())) continue;
            out.computeIfAbsent(owner, o -> new ArrayList<>()).add(new Charge(e.getKey().arn(), e.getKey().token(), e.getValue().sort, units));
        }
        return out;
    }

    /** Holds what {@code node} answered: each debt until it is repaid, on this node's clock. */
    private void hold(String node, Answer answer) {
        if (answer.debts().isEmpty()) return;
        long now = clock.nanos();
        Map<String, List<Held>> byArn = new HashMap<>();
        for (Debt d : answer.debts()) byArn.computeIfAbsent(d.arn(), a -> new ArrayList<>()).add(new Held(node, d.firstToken(), d.lastToken(), now + d.nanos()));
        for (Map.Entry<String, List<Held>> e : byArn.entrySet()) {
            List<Held> next = new ArrayList<>(e.getValue());
            Held[] before = debts.get(e.getKey());
            if (before != null) {
                for (Held h : before) {
                    boolean replaced = false;
                    for (Held n : e.getValue()) replaced |= n.publisher.equals(h.publisher) && n.first == h.first;
                    if (!replaced) next.add(h);
                }
            }
            debts.put(e.getKey(), next.toArray(new Held[0]));
        }
    }

    private void forgetExpired() {
        long now = clock.nanos();
        for (Map.Entry<String, Held[]> e : debts.entrySet()) {
            List<Held> live = new ArrayList<>();
            for (Held h : e.getValue()) if (h.until - now > 0) live.add(h);
            if (live.isEmpty()) debts.remove(e.getKey(), e.getValue());
            else if (live.size() < e.getValue().length) debts.put(e.getKey(), live.toArray(new Held[0]));
        }
    }

    private void attach() {
        registry.cluster(this);
        attached = true;
    }

    /** Back to deciding alone (the other nodes are gone): no say of theirs, whole shares. */
    private void detach() {
        registry.cluster(null);
        attached = false;
        debts.clear();
        pending.clear();
        shares.reset(registry);
    }

    /** Whether other nodes have a say in this node's admission now (tests, the admin page). */
    public boolean attached() { return attached; }

    /** Stops the thread; this node decides alone from then on. */
    @Override public void close() {
        rounds.close();
        if (attached) detach();
    }
}
