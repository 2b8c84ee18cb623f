package io.keyline.engine.cluster;

import io.keyline.capacity.PartitionMap;
import io.keyline.engine.cluster.ExchangeMessages.Demand;
import io.keyline.engine.metering.CapacityRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Each node's share of a table's (or GSI's) table-level limits when several nodes admit its
 * requests (docs/RULES.md#CLUSTER-TABLE-BUDGET-SHARE): in proportion to the nodes' recent
 * demand (units asked, admitted or not), with a floor of {@value #FLOOR} of an even share so a
 * node with no demand yet can start, the rest shared by demand. Every node computes its own share
 * from its own demand and the demand the others reported in the last periods; the shares of all
 * nodes add up to 1 when they saw the same figures, and differ from 1 by the change of demand
 * in one period when they did not.
 *
 * <p>Demand is smoothed ({@value #SMOOTHING} of the new period, the rest of the old figure), so a
 * retrying client's gaps do not swing the shares. A peer's figure older than
 * {@value #FRESH_PERIODS} periods counts as no demand.
 *
 * <p>The table's burst bank is held in total, not thrown away when the shares swing: a share
 * that shrinks takes its banked units above its new bank out ({@link PartitionMap#share}) and
 * hands them, in the next report, to the other nodes in proportion to their demand; a receiver
 * banks them within its own share ({@link PartitionMap#bankFromElsewhere}) at its next
 * {@link #apply}, and drops what does not fit. Each period a node measures its demand, applies
 * its shares from it, then reports that same figure with the units its shares gave up, so the
 * units arrive with the figure that made the giver's share smaller, and the receiver's share
 * has grown by about as much when it banks them. Invariant: the nodes' banks, with the units
 * in flight between them, never hold more than the table's bank; units are lost (never made)
 * when a report is lost or the receiver's own demand moved in the period between.
 *
 * <p>Threading: only the exchange's thread calls {@link #measure}, {@link #apply} and
 * {@link #report}; {@link #heard} is called by the threads that receive reports. Guarded by
 * this object.
 */
final class BudgetShares {
    /** Of an even share, what a node gets whatever its demand. */
    static final double FLOOR = 0.1;
    /** Weight of the last period in the smoothed demand. */
    static final double SMOOTHING = 0.5;
    /** A peer's demand is forgotten after this many periods without a report. */
    static final int FRESH_PERIODS = 5;

    private final long periodNanos;
    /** By map: cumulative figures at the last measure (read asked, write asked, read used, write used). */
    private final Map<PartitionMap, double[]> last = new HashMap<>();
    /** By ARN: this node's smoothed demand {read, write} a period. */
    private final Map<String, double[]> own = new HashMap<>();
    /** By ARN, then node: that node's last reported demand {read, write, received at nanos}. */
    private final Map<String, Map<String, double[]>> peers = new HashMap<>();
    /** This node's demand as last measured, for its next report. */
    private List<Demand> measured = List.of();
    /** By ARN: banked units {read, write} this node's shares gave up, not yet handed to the others. */
    private final Map<String, double[]> released = new HashMap<>();
    /** By ARN: banked units {read, write} other nodes handed this one, not yet banked. */
    private final Map<String, double[]> handed = new HashMap<>();

    BudgetShares(long periodNanos) { this.periodNanos = periodNanos; }

    /**
     * This node's report to each of {@code others}: its demand as last {@link #measure measured},
     * the same for all, and the banked units its shares gave up since the last report, shared
     * among the others in proportion to their demand (evenly without any).
     */
    synchronized Map<String, List<Demand>> report(Set<String> others) {
        List<Demand> demands = measured;
        Map<String, List<Demand>> out = new HashMap<>();
        for (String node : others) out.put(node, new ArrayList<>(demands.size()));
        Set<String> listed = new HashSet<>();
        for (Demand d : demands) {
            listed.add(d.arn());
            double[] given = released.get(d.arn());
            for (String node : others) {
                out.get(node).add(given == null ? d : d.handing(given[0] * weight(d.arn(), node, others, 0),
                        given[1] * weight(d.arn(), node, others, 1)));
            }
        }
        for (Map.Entry<String, double[]> e : released.entrySet()) {
            if (listed.contains(e.getKey())) continue;
            double[] given = e.getValue();
            for (String node : others) {
                out.get(node).add(new Demand(e.getKey(), 0, 0, 0, 0, given[0] * weight(e.getKey(), node, others, 0),
                        given[1] * weight(e.getKey(), node, others, 1)));
            }
        }
        released.clear();
        return out;
    }

    /** Of what this node hands over on {@code arn}, the part for {@code node}: its last heard demand's part of the others'. */
    private double weight(String arn, String node, Set<String> others, int kind) {
        Map<String, double[]> heard = peers.getOrDefault(arn, Map.of());
        double total = 0;
        for (String o : others) {
            double[] d = heard.get(o);
            if (d != null) total += d[kind];
        }
        if (total <= 1e-9) return 1.0 / others.size();
        double[] d = heard.get(node);
        return d == null ? 0 : d[kind] / total;
    }

    /** Measures this node's demand on every table and GSI since the last call, smoothed, for {@link #apply} and {@link #report}. */
    synchronized void measure(CapacityRegistry registry) {
        List<Demand> out = new ArrayList<>();
        Map<PartitionMap, double[]> seen = new HashMap<>();
        registry.forEachMap(map -> {
            double[] now = {map.demand(false), map.demand(true), map.consumed(false), map.consumed(true)};
            double[] before = last.getOrDefault(map, now);
            seen.put(map, now);
            double[] smoothed = own.computeIfAbsent(map.arn(), a -> new double[2]);
            smoothed[0] = SMOOTHING * (now[0] - before[0]) + (1 - SMOOTHING) * smoothed[0];
            smoothed[1] = SMOOTHING * (now[1] - before[1]) + (1 - SMOOTHING) * smoothed[1];
            double readUsed = now[2] - before[2];
            double writeUsed = now[3] - before[3];
            if (smoothed[0] > 1e-3 || smoothed[1] > 1e-3 || readUsed > 0 || writeUsed > 0) {
                out.add(new Demand(map.arn(), smoothed[0], smoothed[1], Math.max(0, readUsed), Math.max(0, writeUsed)));
            }
        });
        last.clear();
        last.putAll(seen);
        measured = out;
    }

    /** What {@code node} reported: its demand, and the banked units it handed this node. */
    synchronized void heard(String node, List<Demand> demands, long now) {
        for (Demand d : demands) {
            peers.computeIfAbsent(d.arn(), a -> new HashMap<>()).put(node, new double[] {d.readAsked(), d.writeAsked(), now});
            // a forged or broken figure never adds units: only a positive, finite amount is banked
            double read = d.readHanded() > 0 && Double.isFinite(d.readHanded()) ? d.readHanded() : 0;
            double write = d.writeHanded() > 0 && Double.isFinite(d.writeHanded()) ? d.writeHanded() : 0;
            if (read > 0 || write > 0) {
                double[] units = handed.computeIfAbsent(d.arn(), a -> new double[2]);
                units[0] += read;
                units[1] += write;
            }
        }
    }

    /** Sets this node's share of every table and GSI among {@code nodes} nodes (this one included). */
    synchronized void apply(CapacityRegistry registry, int nodes, long now) {
        double even = 1.0 / nodes;
        double floor = FLOOR * even;
        registry.forEachMap(map -> {
            double[] mine = own.getOrDefault(map.arn(), new double[2]);
            double[] others = new double[2];
            Map<String, double[]> heard = peers.get(map.arn());
            if (heard != null) {
                heard.values().removeIf(d -> now - (long) d[2] > FRESH_PERIODS * periodNanos);
                for (double[] d : heard.values()) { others[0] += d[0]; others[1] += d[1]; }
            }
            double[] givenUp = map.share(share(mine[0], others[0], nodes, floor), share(mine[1], others[1], nodes, floor));
            double[] received = handed.remove(map.arn());
            if (received != null) map.bankFromElsewhere(received[0], received[1]);
            if (givenUp[0] > 0 || givenUp[1] > 0) {
                double[] units = released.computeIfAbsent(map.arn(), a -> new double[2]);
                units[0] += givenUp[0];
                units[1] += givenUp[1];
            }
        });
        handed.clear(); // units for a table or GSI this node does not have are dropped
    }

    private static double share(double mine, double others, int nodes, double floor) {
        double total = mine + others;
        if (total <= 1e-9) return 1.0 / nodes;
        return floor + (1 - nodes * floor) * mine / total;
    }

    /** Back to one node: every share 1, every figure forgotten. */
    synchronized void reset(CapacityRegistry registry) {
        registry.forEachMap(map -> map.share(1, 1));
        last.clear();
        own.clear();
        peers.clear();
        measured = List.of();
        released.clear();
        handed.clear();
    }
}
