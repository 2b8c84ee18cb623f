package io.keyline.engine.cluster;

import io.keyline.engine.cluster.LoanMessages.Answer;
import io.keyline.engine.cluster.LoanMessages.GiveBack;
import io.keyline.engine.cluster.LoanMessages.Lend;
import io.keyline.engine.cluster.LoanMessages.Status;
import io.keyline.engine.index.GsiChangeLog;
import io.keyline.engine.index.GsiPropagator;
import io.keyline.engine.store.ItemLocks;
import io.keyline.engine.transaction.Transactions;
import io.keyline.storage.Coordination;
import io.keyline.storage.Coordination.Lease;
import io.keyline.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The lending side of a transaction whose items several nodes own (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS):
 * the owner of a transaction's first item coordinates it, and asks the owners of the others to
 * lend it their items. To lend, this node
 * <ol>
 *   <li>checks that it owns every item's range, inside a term with at least {@link #MIN_TERM_LEFT_MILLIS}
 *       left, and marks the ranges lent, so that a rebalance does not let them go meanwhile;</li>
 *   <li>takes the items in its {@link ItemLocks} as one of its own transactions would (writes under
 *       way finish first; an item another transaction holds is answered busy) and holds them,
 *       by no thread, until the loan ends: its own writes of them meet TransactionConflict;</li>
 *   <li>waits until its GSI change log has applied every record written before (those of the
 *       lent items among them), so the coordinator's records of the items, in the coordinator's
 *       log, come after them in time as well as in order;</li>
 *   <li>answers with the end of its terms on the ranges: the coordinator's write must land before it.</li>
 * </ol>
 * The coordinator gives the loan back once its own log has applied the transaction's records. A
 * loan whose coordinator dies ends once the coordinator's node lease has run out and its log has
 * been applied (or {@link Ownership#LOG_WAIT_MILLIS} after), and any loan after
 * {@link #MAX_LOAN_MILLIS}: {@link #sweep}, each ownership round. The coordinator names its
 * loans, so one whose answer it never got (a timeout) is given back all the same; a give-back
 * that arrives before its lend is done is remembered for {@link #MAX_LOAN_MILLIS}, and that
 * lend then ends at once.
 *
 * <p>Threading: {@link #handle} runs on server workers, {@link #sweep} on the duties thread; the
 * loans are a concurrent map.
 */
public final class ItemLoans {
    /** Where a node's loans are asked for and given back (POST, signed with the cluster's secret). */
    public static final String PATH = "/_keyline/loan";
    /** A term with less than this left lends nothing: the coordinator needs time to read, decide and write. */
    static final long MIN_TERM_LEFT_MILLIS = 2_000;
    /** How long a lend waits for this node's GSI change log before it answers unavailable. */
    static final long LOG_WAIT_MILLIS = 5_000;
    /** A loan never given back ends after this (a coordinator cut off from this node, but alive). */
    static final long MAX_LOAN_MILLIS = 60_000;
    private static final System.Logger LOG = System.getLogger(ItemLoans.class.getName());

    /** The transport the coordinator's side uses: sends a request to a node's {@link #PATH}, returns the answer's body. */
    public interface Transport {
        byte[] call(String node, byte[] body) throws java.io.IOException;
    }

    /** A loan: {@code name} the coordinator's and its number; {@code id} this node's, which its locks know it by. */
    private record Loan(String name, long id, String coordinator, byte[][] keys, int[] ranges, long sinceMillis,
                        java.util.concurrent.atomic.AtomicBoolean ended) {}

    private final Ownership ownership;
    private final ItemLocks locks;
    private final GsiChangeLog log;
    private final GsiPropagator propagator;
    private final Coordination coordination;
    private final Supplier<? extends Collection<Long>> logsWithRecords;
    private final Clock clock;
    private final AtomicLong ids;
    private final Map<String, Loan> loans = new ConcurrentHashMap<>();
    /** Loans given back before their lend was done, by name, with when. */
    private final Map<String, Long> givenBackEarly = new ConcurrentHashMap<>();

    /**
     * @param nodeId this node's id (its GSI log's), which this node's own loan numbers start from
     */
    public ItemLoans(Ownership ownership, ItemLocks locks, GsiChangeLog log, GsiPropagator propagator, Coordination coordination,
                     Supplier<? extends Collection<Long>> logsWithRecords, Clock clock, long nodeId) {
        this.ownership = ownership;
        this.locks = locks;
        this.log = log;
        this.propagator = propagator;
        this.coordination = coordination;
        this.logsWithRecords = logsWithRecords;
        this.clock = clock;
        this.ids = new AtomicLong(nodeId << 32);
    }

    /** Answers a request of the loan channel; IllegalArgumentException for a body that is not one. */
    public byte[] handle(byte[] body) {
        LoanMessages.Request request = LoanMessages.decode(body);
        if (request instanceof GiveBack g) {
            String name = nameOf(g.coordinator(), g.loan());
            Loan loan = loans.get(name);
            if (loan == null) givenBackEarly.put(name, clock.millis());
            end(loan);
            return Answer.of(Status.GIVEN_BACK).encode();
        }
        return lend((Lend) request).encode();
    }

    private static String nameOf(String coordinator, long loan) { return coordinator + " " + loan; }

    Answer lend(Lend request) {
        int n = request.keys().size();
        int[] ranges = new int[n];
        for (int i = 0; i < n; i++) ranges[i] = Ownership.rangeOf(request.tokens().get(i));
        long termEnd = ownership.lend(ranges, MIN_TERM_LEFT_MILLIS);
        if (termEnd < 0) return Answer.of(Status.NOT_OWNER);
        byte[][] keys = request.keys().toArray(new byte[0][]);
        long id = ids.incrementAndGet();
        List<Integer> busy = locks.lend(id, keys, Transactions.LOCK_WAIT_NANOS);
        if (!busy.isEmpty()) {
            ownership.endLoan(ranges);
            return new Answer(Status.BUSY, 0, busy);
        }
        String name = nameOf(request.coordinator(), request.loan());
        Loan loan = new Loan(name, id, request.coordinator(), keys, ranges, clock.millis(), new java.util.concurrent.atomic.AtomicBoolean());
        loans.put(name, loan);
        boolean caughtUp = propagator.awaitAppliedBefore(log.nextSequence(), LOG_WAIT_MILLIS);
        if (!caughtUp || givenBackEarly.remove(name) != null) {
            end(loan);
            return Answer.of(Status.UNAVAILABLE);
        }
        return Answer.lent(termEnd);
    }

    /** Ends a loan once (a give-back and the sweep may race): its items and ranges are free, then it is forgotten. */
    private void end(Loan loan) {
        if (loan == null || !loan.ended().compareAndSet(false, true)) return;
        locks.endLoan(loan.id(), loan.keys());
        ownership.endLoan(loan.ranges());
        loans.remove(loan.name(), loan);
    }

    /** Loans now (tests). */
    int size() { return loans.size(); }

    /**
     * Ends the loans whose coordinator is gone: its node lease ran out and its GSI change log has
     * been applied (or ran out {@link Ownership#LOG_WAIT_MILLIS} ago), or the loan is older than
     * {@link #MAX_LOAN_MILLIS}. One read of the node leases and one of the logs, only when there
     * are loans.
     */
    public void sweep() {
        if (!givenBackEarly.isEmpty()) givenBackEarly.values().removeIf(at -> clock.millis() - at > MAX_LOAN_MILLIS);
        if (loans.isEmpty()) return;
        long now = coordination.nowMillis();
        Map<String, Lease> nodes = new HashMap<>();
        for (Lease l : coordination.leases(Ownership.NODE)) nodes.put(l.owner(), l);
        Collection<Long> unapplied = null;
        for (Loan loan : loans.values()) {
            boolean over = clock.millis() - loan.sinceMillis() > MAX_LOAN_MILLIS;
            Lease coordinator = nodes.get(loan.coordinator());
            if (!over && (coordinator == null || coordinator.expiredAt(now))) {
                if (unapplied == null) unapplied = logsWithRecords.get();
                over = coordinator == null || !unapplied.contains(coordinator.id())
                        || now - coordinator.expiresMillis() >= Ownership.LOG_WAIT_MILLIS;
            }
            if (over && !loan.ended().get()) {
                LOG.log(System.Logger.Level.WARNING, "loan {0} of {1} items to {2} ended without being given back",
                        String.valueOf(loan.id()), String.valueOf(loan.keys().length), loan.coordinator());
                end(loan);
            }
        }
    }
}
