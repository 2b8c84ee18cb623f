package io.keyline.engine.cluster;

import io.keyline.engine.api.NotOwner;
import io.keyline.storage.Coordination;
import io.keyline.storage.Coordination.Lease;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which Keyline node decides the requests for each token range (docs/CLUSTER.md, "Ownership of
 * partitions"), so that a partition's capacity and isolation rules hold whichever node a request
 * reaches (docs/RULES.md#CLUSTER-PARTITION-OWNER). The token ring is cut into {@value #RANGES} ranges by the token's top bits, so a
 * range is one run of keys in every table and index. Each range has a row (kind {@value #RANGE},
 * id = range) whose owner and epoch change only by compare-and-set; the row is valid while its
 * owner's node lease (kind {@value #NODE}, renewed every {@link GsiLogLease#RENEW_EVERY}, lasting
 * {@link GsiLogLease#TERM}) is. A node serves a range while it owns the row and its own node
 * lease has more than {@link GsiLogLease#SAFETY_MILLIS} left; after any lapse it re-reads the
 * rows before it serves again, so a node that paused past its lease never serves a range another
 * took meanwhile. Another node takes a range only once its owner's lease has run out, or after
 * the owner let it go (rebalancing: a node holding more than its share of the live nodes lets
 * the surplus go, each after a grace of {@value #RELEASE_GRACE_MILLIS} ms in which it forwards
 * that range's new requests and finishes those under way).
 *
 * <p>A request for an item whose range another node owns throws {@link NotOwner} with that
 * node's address before anything is read or written; the server forwards it. A forwarded
 * request is served where it arrives ({@link #servingForwarded}), so two nodes whose views
 * differ for a moment never bounce one request. A range with no live owner is served where the
 * request arrives (only while ownership moves).
 *
 * <p>Threading: {@link #ownerElsewhere} is called by request threads (a volatile read and the
 * clock); {@link #round} runs on the duties thread.
 */
public final class Ownership implements RangeOwners {
    public static final int RANGES = 64;
    static final String RANGE = "range";
    static final String NODE = "node";
    static final long RELEASE_GRACE_MILLIS = 1_000;
    private static final ThreadLocal<Boolean> FORWARDED = new ThreadLocal<>();

    private final Coordination coordination;
    private final long nodeId;
    private volatile Lease nodeLease;
    /** Per range: the owner as last read ("" none or not live), this node's own name for its ranges. */
    private volatile String[] owners = new String[RANGES];
    /** Whether requests are checked at all: only a node whose server forwards ({@link #enforce}). */
    private volatile boolean enforced;

    Ownership(Coordination coordination, long nodeId) {
        this.coordination = coordination;
        this.nodeId = nodeId;
        java.util.Arrays.fill(owners, "");
    }

    /** The range of a token: its top 6 bits, in unsigned order. */
    public static int rangeOf(long token) { return (int) ((token ^ Long.MIN_VALUE) >>> (Long.SIZE - 6)); }

    /** The HTTP address in a node's name ({@code http://host:port}, up to the first space), or the name itself. */
    public static String addressOf(String owner) {
        int space = owner.indexOf(' ');
        return space < 0 ? owner : owner.substring(0, space);
    }

    /**
     * Throws {@link NotOwner} if another live node owns the range of {@code token} and this
     * request was not forwarded here; returns normally if this node decides it.
     */
    public void check(long token) {
        if (!enforced) return;
        String owner = owners[rangeOf(token)];
        if (owner.isEmpty() || Boolean.TRUE.equals(FORWARDED.get())) return;
        if (owner.equals(coordination.self())) {
            if (held()) return;
            throw new NotOwner(""); // this node's lease lapsed: no one may decide now; the server answers "retry"
        }
        throw new NotOwner(addressOf(owner));
    }

    /**
     * From now on, requests for ranges another node owns throw {@link NotOwner}: called by a
     * server that forwards them. Without it the ranges are still taken and kept (so that other
     * nodes see this one's share), but every request is decided where it arrives.
     */
    public void enforce() { enforced = true; }

    /** Runs {@code work} as a request forwarded by another node: decided here, whatever the ranges say. */
    public static <T> T servingForwarded(java.util.function.Supplier<T> work) {
        FORWARDED.set(Boolean.TRUE);
        try {
            return work.get();
        } finally {
            FORWARDED.remove();
        }
    }

    /**
     * Runs the work of a batch or transaction whose items have {@code tokens}: throws
     * {@link NotOwner} if one other node decides them all; else runs it here with each item
     * decided here (those of several nodes are then not isolated from the others' writes).
     */
    public <T> T decideTogether(long[] tokens, java.util.function.Supplier<T> work) {
        if (!enforced || tokens.length == 0 || Boolean.TRUE.equals(FORWARDED.get())) return work.get();
        String[] o = owners;
        String first = o[rangeOf(tokens[0])];
        boolean one = true;
        for (long t : tokens) one &= o[rangeOf(t)].equals(first);
        if (one) check(tokens[0]);
        return servingForwarded(work);
    }

    /** Whether this node's lease has enough left to serve its ranges. */
    boolean held() {
        Lease l = nodeLease;
        return l != null && coordination.nowMillis() < l.expiresMillis() - GsiLogLease.SAFETY_MILLIS;
    }

    /** The ranges this node serves now (tests, the admin page). */
    public List<Integer> ownRanges() {
        List<Integer> out = new ArrayList<>();
        String[] o = owners;
        for (int r = 0; r < RANGES; r++) if (o[r].equals(coordination.self())) out.add(r);
        return out;
    }

    /** One round: renew the node lease, re-read the ranges, take free ones up to the fair share, let the surplus go. */
    void round() {
        boolean lapsed = !held();
        Lease renewed = nodeLease == null ? null : coordination.renew(nodeLease, GsiLogLease.TERM);
        if (renewed == null) renewed = takeNodeLease();
        nodeLease = renewed;
        if (renewed == null) {
            java.util.Arrays.fill(owners, "");
            return;
        }
        long now = coordination.nowMillis();
        Set<String> live = new HashSet<>();
        for (Lease n : coordination.leases(NODE)) if (!n.expiredAt(now)) live.add(n.owner());
        live.add(coordination.self());
        Map<Integer, Lease> rows = new HashMap<>();
        for (Lease r : coordination.leases(RANGE)) rows.put((int) r.id(), r);
        String[] next = new String[RANGES];
        List<Integer> mine = new ArrayList<>();
        List<Integer> free = new ArrayList<>();
        for (int r = 0; r < RANGES; r++) {
            Lease row = rows.get(r);
            boolean ownerLive = row != null && !row.owner().isEmpty() && live.contains(row.owner());
            next[r] = ownerLive ? row.owner() : "";
            if (ownerLive && row.owner().equals(coordination.self())) mine.add(r);
            else if (!ownerLive) free.add(r);
        }
        int share = (RANGES + live.size() - 1) / live.size();
        for (int r : free) {
            if (mine.size() >= share) break;
            Lease taken = coordination.take(RANGE, r, rows.get(r), GsiLogLease.TERM);
            if (taken != null) {
                next[r] = coordination.self();
                mine.add(r);
            }
        }
        // a node coming back from a lapse has re-read every row above before it serves again
        owners = next;
        if (!lapsed && mine.size() > share) release(mine.subList(share, mine.size()), rows);
    }

    private Lease takeNodeLease() {
        Lease row = null;
        for (Lease n : coordination.leases(NODE)) if (n.id() == nodeId) row = n;
        if (row != null && !row.expiredAt(coordination.nowMillis()) && !row.owner().equals(coordination.self())) return null;
        return coordination.take(NODE, nodeId, row, GsiLogLease.TERM);
    }

    /**
     * Lets {@code surplus} go: for the grace this node still serves them (requests under way
     * finish), then each row is deleted by compare-and-set, and the others take them at their next round.
     */
    private void release(List<Integer> surplus, Map<Integer, Lease> rows) {
        try {
            Thread.sleep(RELEASE_GRACE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        String[] after = owners.clone();
        for (int r : surplus) after[r] = "";
        owners = after;
        for (int r : surplus) coordination.release(rows.get(r));
    }

    // ---- for the capacity exchange (docs/CLUSTER.md, "Capacity across nodes") ----

    @Override public String self() { return coordination.self(); }

    @Override public String ownerOf(long token) { return owners[rangeOf(token)]; }

    @Override public Set<String> others() {
        Set<String> out = new HashSet<>();
        for (String o : owners) if (!o.isEmpty() && !o.equals(coordination.self())) out.add(o);
        return out;
    }

    /** Lets every range go (a clean shutdown): the others take them at their next round, not after a lease's term. */
    void releaseAll() {
        Lease l = nodeLease;
        nodeLease = null;
        java.util.Arrays.fill(owners, "");
        if (l != null) coordination.release(l);
    }
}
