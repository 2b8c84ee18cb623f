package io.keyline.engine.cluster;

import io.keyline.engine.api.CancellationReason;
import io.keyline.engine.api.NotOwner;
import io.keyline.engine.api.TransactionCancelled;
import io.keyline.engine.cluster.LoanMessages.Answer;
import io.keyline.engine.cluster.LoanMessages.GiveBack;
import io.keyline.engine.cluster.LoanMessages.Lend;
import io.keyline.engine.index.GsiChangeLog;
import io.keyline.engine.index.GsiPropagator;
import io.keyline.engine.store.ItemLocks;
import io.keyline.storage.Fence;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The coordinating side of a transaction whose items several nodes own (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS):
 * this node owns the first item's range, so it decides the transaction; it borrows every other
 * owner's items ({@link ItemLoans}), runs the transaction under its own locks with each borrowed
 * item's write fenced by the lender's term as well as its own, and gives the loans back once
 * its GSI change log has applied the transaction's records (on a thread of its own, after the
 * reply), so that the lenders' next records of those items come after them.
 *
 * <p>A lender that answers busy cancels the transaction with a TransactionConflict reason on
 * those items, as DynamoDB does when another transaction holds one; a lender that cannot be
 * reached, or no longer owns a range, is the retryable 503 of {@link NotOwner} with no address.
 *
 * <p>Threading: {@link #run} on request threads; the fences of the items it borrowed are the
 * calling thread's ({@link #fenceOf}) while its work runs.
 */
public final class Borrower implements AutoCloseable {
    /** How long giving a loan back waits for this node's log before it gives it back anyway. */
    static final long RETURN_WAIT_MILLIS = 30_000;
    private static final ThreadLocal<Map<ByteBuffer, Fence>> BORROWED = new ThreadLocal<>();
    private static final System.Logger LOG = System.getLogger(Borrower.class.getName());

    private final Ownership ownership;
    private final GsiChangeLog log;
    private final GsiPropagator propagator;
    private final ExecutorService returns = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "keyline-loan-returns");
        t.setDaemon(true);
        return t;
    });
    private volatile ItemLoans.Transport transport;
    /** This node's loan numbers: each lend names its loan, so the loan can be given back whatever became of the answer. */
    private final java.util.concurrent.atomic.AtomicLong loans = new java.util.concurrent.atomic.AtomicLong();

    public Borrower(Ownership ownership, GsiChangeLog log, GsiPropagator propagator) {
        this.ownership = ownership;
        this.log = log;
        this.propagator = propagator;
    }

    /** The channel to the other nodes; set by the server before it serves. Until then nothing is borrowed (503). */
    public void sendThrough(ItemLoans.Transport transport) { this.transport = transport; }

    /** The fence of a write of a stored key this thread borrowed, or null. */
    public static Fence fenceOf(byte[] storageKey) {
        Map<ByteBuffer, Fence> borrowed = BORROWED.get();
        return borrowed == null ? null : borrowed.get(ByteBuffer.wrap(storageKey));
    }

    /**
     * Runs {@code work} with the items whose {@code lenders} entry names another node borrowed
     * from it ({@code keys}: stored keys; {@code tokens}: their tokens; the first item's range is
     * this node's).
     *
     * @throws TransactionCancelled if a lender holds some of them for another transaction
     * @throws NotOwner (no address) if a lender could not lend
     */
    public <T> T run(byte[][] keys, long[] tokens, String[] lenders, Supplier<T> work) {
        Map<String, List<Integer>> byLender = new LinkedHashMap<>();
        for (int i = 0; i < lenders.length; i++) if (lenders[i] != null) byLender.computeIfAbsent(lenders[i], k -> new ArrayList<>()).add(i);
        Fence own = ownership.fenceOf(tokens[0]);
        Map<String, Long> taken = new LinkedHashMap<>();
        Map<ByteBuffer, Fence> fences = new HashMap<>();
        try {
            ItemLoans.Transport channel = transport;
            if (channel == null) throw new NotOwner("");
            for (Map.Entry<String, List<Integer>> e : byLender.entrySet()) {
                List<Long> t = new ArrayList<>();
                List<byte[]> k = new ArrayList<>();
                for (int i : e.getValue()) {
                    t.add(tokens[i]);
                    k.add(keys[i]);
                }
                long loan = loans.incrementAndGet();
                taken.put(e.getKey(), loan); // given back whatever the answer: a lend whose answer was lost may have been made
                Answer answer = ask(channel, e.getKey(), new Lend(ownership.self(), loan, t, k), taken);
                if (answer.status() != LoanMessages.Status.LENT) taken.remove(e.getKey()); // answered: nothing lent
                switch (answer.status()) {
                    case LENT -> {
                        Fence borrowed = Fence.both(own, until(answer.termEndMillis(), own));
                        for (byte[] key : k) fences.put(ByteBuffer.wrap(key), borrowed);
                    }
                    case BUSY -> throw conflict(lenders.length, e.getValue(), answer.busy());
                    default -> throw new NotOwner("");
                }
            }
            BORROWED.set(fences);
            return work.get();
        } finally {
            BORROWED.remove();
            if (!taken.isEmpty()) giveBack(taken, log.nextSequence());
        }
    }

    /** The lender's answer; NotOwner when there is none ({@code taken} forgets the loan if the lender was never reached). */
    private static Answer ask(ItemLoans.Transport channel, String lender, Lend lend, Map<String, Long> taken) {
        try {
            return Answer.decode(channel.call(lender, lend.encode()));
        } catch (IOException | IllegalArgumentException e) {
            if (e instanceof java.net.ConnectException) taken.remove(lender);
            LOG.log(System.Logger.Level.WARNING, "borrowing {0} items from {1}: {2}", String.valueOf(lend.keys().size()), lender, e.toString());
            throw new NotOwner("");
        }
    }

    /** The cancellation of a transaction whose items at {@code busy} (positions into {@code mine}) another transaction holds. */
    private static TransactionCancelled conflict(int actions, List<Integer> mine, List<Integer> busy) {
        List<CancellationReason> reasons = new ArrayList<>(actions);
        for (int i = 0; i < actions; i++) reasons.add(CancellationReason.NONE);
        for (int p : busy) if (p >= 0 && p < mine.size()) reasons.set(mine.get(p), CancellationReason.transactionConflict(ItemLocks.TRANSACTION_ONGOING));
        return new TransactionCancelled(reasons);
    }

    /** A fence that ends at {@code endMillis} on {@code clockOf}'s clock. */
    private static Fence until(long endMillis, Fence clockOf) {
        return new Fence() {
            @Override public long endMillis() { return endMillis; }

            @Override public long nowMillis() { return clockOf.nowMillis(); }
        };
    }

    /** Gives the loans back once this node's log has applied every record below {@code upTo} (the transaction's among them). */
    private void giveBack(Map<String, Long> taken, long upTo) {
        ItemLoans.Transport channel = transport;
        returns.execute(() -> {
            propagator.awaitAppliedBefore(upTo, RETURN_WAIT_MILLIS);
            for (Map.Entry<String, Long> e : taken.entrySet()) {
                try {
                    channel.call(e.getKey(), new GiveBack(ownership.self(), e.getValue()).encode());
                } catch (IOException | RuntimeException x) {
                    // the lender ends the loan itself, at the latest after ItemLoans.MAX_LOAN_MILLIS
                    LOG.log(System.Logger.Level.WARNING, "giving loan {0} back to {1}: {2}", String.valueOf(e.getValue()), e.getKey(), x.toString());
                }
            }
        });
    }

    /** Gives back what is under way (for at most a few seconds), then stops. */
    @Override public void close() {
        returns.shutdown();
        try {
            returns.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
