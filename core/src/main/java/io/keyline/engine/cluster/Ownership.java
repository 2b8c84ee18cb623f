package io.keyline.engine.cluster;

import io.keyline.engine.api.NotOwner;
import io.keyline.storage.Coordination;
import io.keyline.storage.Coordination.Lease;
import io.keyline.storage.Fence;
import io.keyline.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which Keyline node decides the requests for each token range (docs/CLUSTER.md, "Ownership of
 * partitions"), so that a partition's capacity and isolation rules hold whichever node a request
 * reaches (docs/RULES.md#CLUSTER-PARTITION-OWNER). The token ring is cut into {@value #RANGES} ranges by the token's top bits, so a
 * range is one run of keys in every table and index. Each range has a row (kind {@value #RANGE},
 * id = range) whose owner and epoch change only by compare-and-set; the row is valid while its
 * owner's node lease (kind {@value #NODE}, renewed every {@link GsiLogLease#RENEW_EVERY}, lasting
 * {@link GsiLogLease#TERM}) is. Another node takes a range only once its owner's lease has run
 * out, or after the owner let it go (rebalancing: a node holding more than its share of the live
 * nodes lets the surplus go, each after a grace of {@value #RELEASE_GRACE_MILLIS} ms in which it
 * still serves the range, so that the requests under way finish inside its term).
 *
 * <p><b>Terms, the fence</b> (docs/RULES.md#CLUSTER-FENCE). This node decides a range during
 * an unbroken {@link Term}: it starts when the node takes the range (or finds it still its own
 * after a lapse) and ends {@link GsiLogLease#SAFETY_MILLIS} before the node lease runs out, or
 * when the node lets the range go. A renewal moves the end of every term on only if it completed
 * before the old end: then no other node can have seen the lease run out. A renewal that
 * completed later (this node paused, or could not reach Cassandra) ends every term for good, and
 * the ranges still this node's get new terms. A request is decided here only inside a term, and
 * its write carries that term ({@link #fenceOf}): the storage writes it only while the term holds
 * and gives it a version below the term's end, and the next owner's term starts after it. So a
 * node that paused past its lease between deciding a write and writing it is refused, and a
 * write that reaches Cassandra late never overwrites the next owner's.
 *
 * <p>A request for an item whose range another node owns throws {@link NotOwner} with that
 * node's address before anything is read or written; the server forwards it. A forwarded
 * request is served where it arrives ({@link #servingForwarded}), so two nodes whose views
 * differ for a moment never bounce one request. A range with no live owner is served where the
 * request arrives (only while ownership moves).
 *
 * <p>Threading: {@link #check} and {@link #fenceOf} are called by request threads (volatile
 * reads and the clock); {@link #round} runs on the duties thread.
 */
public final class Ownership implements RangeOwners {
    public static final int RANGES = 64;
    static final String RANGE = "range";
    static final String NODE = "node";
    static final long RELEASE_GRACE_MILLIS = 1_000;
    private static final ThreadLocal<Boolean> FORWARDED = new ThreadLocal<>();

    private final Coordination coordination;
    private final Clock clock;
    private final long nodeId;
    private volatile Lease nodeLease;
    /** Per range: the owner as last read ("" none or not live), this node's own name for its ranges. */
    private volatile String[] owners = new String[RANGES];
    /** Per range: this node's term on it, or null where it is not this node's. Replaced before {@link #owners}. */
    private volatile Term[] terms = new Term[RANGES];
    /** Whether requests are checked at all: only a node whose server forwards ({@link #enforce}). */
    private volatile boolean enforced;
    private final AtomicLong rounds = new AtomicLong();
    /** Guards {@link #lent} and {@link #releasing}: a range is never both lent anew and let go (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS). */
    private final Object loanGate = new Object();
    /** Per range: the loans of its items to other nodes' transactions now; a range with one is not let go. */
    private final int[] lent = new int[RANGES];
    /** Per range: being let go (its grace is running); it lends nothing. */
    private final boolean[] releasing = new boolean[RANGES];
    /** The GSI change logs that hold records, read once a round (docs/RULES.md#CLUSTER-RANGE-AFTER-LOG). */
    private volatile java.util.function.Supplier<? extends java.util.Collection<Long>> logsWithRecords = Set::of;

    /**
     * How long after a dead node's lease ran out its ranges wait for its GSI change log to be
     * applied: past this they are taken anyway (a log that cannot be applied must not keep its
     * ranges unserved for good).
     */
    static final long LOG_WAIT_MILLIS = 30_000;

    Ownership(Coordination coordination, long nodeId, Clock clock) {
        this.coordination = coordination;
        this.nodeId = nodeId;
        this.clock = clock;
        Arrays.fill(owners, "");
    }

    /**
     * One unbroken stretch of this node's ownership of one range: the fence of the writes decided
     * in it. Its end moves on with each renewal done in time, and stops for good once it is over.
     */
    static final class Term implements Fence {
        private final Coordination coordination;
        private volatile long end;
        private boolean over;

        Term(Coordination coordination, long end) {
            this.coordination = coordination;
            this.end = end;
        }

        @Override public long endMillis() { return end; }

        @Override public long nowMillis() { return coordination.nowMillis(); }

        /** The lease was renewed in time: the term goes on until {@code until}. */
        synchronized void extendTo(long until) {
            if (!over && until > end) end = until;
        }

        /** The term is over at {@code at} at the latest; it never goes on again. */
        synchronized void endAt(long at) {
            over = true;
            if (at < end) end = at;
        }

        synchronized boolean over() { return over; }
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
     * request was not forwarded here, or if it is this node's but its term is over (a lapse not
     * yet followed by a round: no one may decide it now, the server answers "retry"); returns
     * normally if this node decides it.
     */
    public void check(long token) {
        if (!enforced) return;
        int range = rangeOf(token);
        String owner = owners[range];
        if (owner.isEmpty() || Boolean.TRUE.equals(FORWARDED.get())) return;
        if (owner.equals(coordination.self())) {
            Term term = terms[range];
            if (term != null && term.holds()) return;
            throw new NotOwner("");
        }
        throw new NotOwner(addressOf(owner));
    }

    /**
     * The term a write of an item with {@code token} must be written in (docs/RULES.md#CLUSTER-FENCE),
     * taken before the item is read: this node's term on its range, or null when requests are not
     * checked or the range is not this node's (a forwarded request whose owner's view differs, a
     * range that moves, a batch of several owners' items: decided here unfenced, as they are unisolated).
     */
    public Fence fenceOf(long token) {
        if (!enforced) return null;
        return terms[rangeOf(token)];
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
        if (oneOwner(o, tokens)) check(tokens[0]);
        return servingForwarded(work);
    }

    /**
     * Who decides a TransactWriteItems whose items have {@code tokens} (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS):
     * null when this node decides it with no loans (requests not checked; one owner, this node or
     * a forwarded request); else, per item, null where this node owns the range and otherwise the
     * owner this node must borrow the item from. Throws {@link NotOwner} when another node
     * coordinates it (the owner of the first item's range), or, with no address (retry), when a
     * range has no live owner or this node's term on one is over.
     */
    public String[] transactionOwners(long[] tokens) {
        if (!enforced || tokens.length == 0) return null;
        String[] o = owners;
        String first = o[rangeOf(tokens[0])];
        boolean forwarded = Boolean.TRUE.equals(FORWARDED.get());
        if (oneOwner(o, tokens)) {
            if (!forwarded) check(tokens[0]);
            return null;
        }
        String self = coordination.self();
        if (!forwarded && !first.equals(self)) throw new NotOwner(first.isEmpty() ? "" : addressOf(first));
        String[] lenders = new String[tokens.length];
        Term[] t = terms;
        Term coordinating = t[rangeOf(tokens[0])];
        if (coordinating == null || !coordinating.holds()) throw new NotOwner("");
        for (int i = 0; i < tokens.length; i++) {
            int range = rangeOf(tokens[i]);
            String owner = o[range];
            if (owner.isEmpty()) throw new NotOwner("");
            if (owner.equals(self)) {
                if (t[range] == null || !t[range].holds()) throw new NotOwner("");
            } else {
                lenders[i] = owner;
            }
        }
        return lenders;
    }

    /** Whether the ranges of {@code tokens} have one owner (or none) in {@code o}. */
    private static boolean oneOwner(String[] o, long[] tokens) {
        String first = o[rangeOf(tokens[0])];
        for (long t : tokens) if (!o[rangeOf(t)].equals(first)) return false;
        return true;
    }

    /**
     * Lends the items of {@code ranges} to another node's transaction: the earliest end of this
     * node's terms on them, after which the borrower's write may not land; or -1, lending nothing,
     * when one is not this node's, is being let go, or has less than {@code minLeftMillis} left.
     * Until {@link #endLoan} the ranges are not let go.
     */
    long lend(int[] ranges, long minLeftMillis) {
        synchronized (loanGate) {
            Term[] t = terms;
            long end = Long.MAX_VALUE;
            for (int r : ranges) {
                if (releasing[r] || t[r] == null || !t[r].holds()) return -1;
                end = Math.min(end, t[r].endMillis());
            }
            if (end - coordination.nowMillis() < minLeftMillis) return -1;
            for (int r : ranges) lent[r]++;
            return end;
        }
    }

    /** A loan of {@link #lend} ended. */
    void endLoan(int[] ranges) {
        synchronized (loanGate) {
            for (int r : ranges) lent[r]--;
        }
    }

    /** The ranges this node serves now (tests, the admin page). */
    public List<Integer> ownRanges() {
        List<Integer> out = new ArrayList<>();
        String[] o = owners;
        for (int r = 0; r < RANGES; r++) if (o[r].equals(coordination.self())) out.add(r);
        return out;
    }

    /** Rounds completed so far (tests wait for the duties thread with it). */
    long rounds() { return rounds.get(); }

    /**
     * Which GSI change logs hold records: a round takes no range of a dead node whose log (its
     * node lease's id) still holds some, until {@link #LOG_WAIT_MILLIS} after its lease ran out.
     */
    void waitForLogs(java.util.function.Supplier<? extends java.util.Collection<Long>> logsWithRecords) {
        this.logsWithRecords = logsWithRecords;
    }

    /** One round: renew the node lease, re-read the ranges, take free ones up to the fair share, let the surplus go. */
    void round() {
        Lease before = nodeLease;
        Lease renewed = before == null ? null : coordination.renew(before, GsiLogLease.TERM);
        // the terms go on only if the renewal completed before they ended: until then no other node can have
        // seen the lease run out, so none took a range (docs/RULES.md#CLUSTER-FENCE)
        boolean unbroken = renewed != null && coordination.nowMillis() < before.expiresMillis() - GsiLogLease.SAFETY_MILLIS;
        if (renewed == null) renewed = takeNodeLease();
        nodeLease = renewed;
        if (!unbroken) endTerms();
        if (renewed == null) {
            Arrays.fill(owners, "");
            rounds.incrementAndGet();
            return;
        }
        long now = coordination.nowMillis();
        Set<String> live = new HashSet<>();
        Map<String, Lease> nodeLeases = new HashMap<>();
        for (Lease n : coordination.leases(NODE)) {
            nodeLeases.put(n.owner(), n);
            if (!n.expiredAt(now)) live.add(n.owner());
        }
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
        Set<Long> unapplied = free.isEmpty() ? Set.of() : unappliedLogs(nodeLeases);
        for (int r : free) {
            if (mine.size() >= share) break;
            if (awaitsLog(rows.get(r), nodeLeases, unapplied, now)) continue;
            Lease taken = coordination.take(RANGE, r, rows.get(r), GsiLogLease.TERM);
            if (taken != null) {
                next[r] = coordination.self();
                mine.add(r);
            }
        }
        publish(next, renewed.expiresMillis() - GsiLogLease.SAFETY_MILLIS);
        long graceEnds = clock.nanos() + Duration.ofMillis(RELEASE_GRACE_MILLIS).toNanos(); // before a waiting test sees the round
        rounds.incrementAndGet();
        if (unbroken && mine.size() > share) release(mine.subList(share, mine.size()), rows, graceEnds);
    }

    /**
     * Whether a free range must wait for its last owner's GSI change log: its items' records in
     * that log are applied in order only if no other node writes them before (docs/RULES.md#CLUSTER-RANGE-AFTER-LOG).
     */
    /** The logs holding records; when they cannot be read, every node's (the ranges wait a round rather than the terms lapse). */
    private Set<Long> unappliedLogs(Map<String, Lease> nodeLeases) {
        try {
            return new HashSet<>(logsWithRecords.get());
        } catch (RuntimeException e) {
            Set<Long> all = new HashSet<>();
            for (Lease n : nodeLeases.values()) all.add(n.id());
            return all;
        }
    }

    private static boolean awaitsLog(Lease row, Map<String, Lease> nodeLeases, Set<Long> unapplied, long now) {
        if (row == null || row.owner().isEmpty() || unapplied.isEmpty()) return false;
        Lease last = nodeLeases.get(row.owner());
        return last != null && unapplied.contains(last.id()) && now - last.expiresMillis() < LOG_WAIT_MILLIS;
    }

    /**
     * Installs the ranges read in a round: a range still this node's keeps its term, moved on to
     * {@code termEnd} (a lapse ended them all before); one new to it gets a new term; one no longer
     * its own ends its term. Terms first, so a request never finds a range its own without one.
     */
    private void publish(String[] next, long termEnd) {
        Term[] current = terms;
        Term[] nextTerms = new Term[RANGES];
        for (int r = 0; r < RANGES; r++) {
            if (!next[r].equals(coordination.self())) continue;
            Term t = current[r];
            if (t != null && !t.over()) t.extendTo(termEnd);
            else t = new Term(coordination, termEnd);
            nextTerms[r] = t;
        }
        long now = coordination.nowMillis();
        for (int r = 0; r < RANGES; r++) if (current[r] != null && nextTerms[r] != current[r]) current[r].endAt(now);
        terms = nextTerms;
        owners = next;
    }

    /** Ends every term now: a lapse, or letting everything go. */
    private void endTerms() {
        long now = coordination.nowMillis();
        for (Term t : terms) if (t != null) t.endAt(now);
    }

    private Lease takeNodeLease() {
        Lease row = null;
        for (Lease n : coordination.leases(NODE)) if (n.id() == nodeId) row = n;
        if (row != null && !row.expiredAt(coordination.nowMillis()) && !row.owner().equals(coordination.self())) return null;
        return coordination.take(NODE, nodeId, row, GsiLogLease.TERM);
    }

    /**
     * Lets {@code surplus} go: for the grace this node still serves them (requests under way
     * finish), then their terms end, so a write decided in them and not yet written is refused,
     * then each row is deleted by compare-and-set, and the others take them at their next round.
     */
    private void release(List<Integer> offered, Map<Integer, Lease> rows, long graceEnds) {
        List<Integer> surplus = new ArrayList<>();
        synchronized (loanGate) { // a range lent to a transaction stays until the loan ends: a later round lets it go
            for (int r : offered) {
                if (lent[r] > 0) continue;
                releasing[r] = true;
                surplus.add(r);
            }
        }
        try {
            clock.sleepUntil(graceEnds);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            synchronized (loanGate) {
                for (int r : surplus) releasing[r] = false;
            }
            return;
        }
        String[] after = owners.clone();
        Term[] afterTerms = terms.clone();
        long now = coordination.nowMillis();
        for (int r : surplus) {
            after[r] = "";
            if (afterTerms[r] != null) afterTerms[r].endAt(now);
            afterTerms[r] = null;
        }
        terms = afterTerms;
        owners = after;
        synchronized (loanGate) {
            for (int r : surplus) releasing[r] = false;
        }
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
        endTerms();
        terms = new Term[RANGES];
        Arrays.fill(owners, "");
        if (l != null) coordination.release(l);
    }
}
