package io.keyline.engine.cluster;

import io.keyline.capacity.PartitionMap;
import io.keyline.engine.cluster.ExchangeMessages.Demand;
import io.keyline.engine.metering.CapacityRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 * <p>Threading: only the exchange's thread calls {@link #measure} and {@link #apply};
 * {@link #heard} is called by the threads that receive reports. Guarded by this object.
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

    BudgetShares(long periodNanos) { this.periodNanos = periodNanos; }

    /** This node's demand on every table and GSI since the last call, smoothed, for its report. */
    synchronized List<Demand> measure(CapacityRegistry registry) {
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
        return out;
    }

    /** What {@code node} reported. */
    synchronized void heard(String node, List<Demand> demands, long now) {
        for (Demand d : demands) {
            peers.computeIfAbsent(d.arn(), a -> new HashMap<>()).put(node, new double[] {d.readAsked(), d.writeAsked(), now});
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
            map.share(share(mine[0], others[0], nodes, floor), share(mine[1], others[1], nodes, floor));
        });
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
    }
}
