package io.keyline.reliability.linearizability;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides whether a history of register operations is linearizable: whether each operation can
 * be given one instant between its invocation and its completion such that, in the order of
 * those instants, every output is the register's. Keys are independent (a history is
 * linearizable if each key's sub-history is: Herlihy and Wing's locality), so each key is
 * searched alone.
 *
 * <p>The search is Wing and Gong's, with Lowe's memoisation of (set of operations linearized,
 * state) as Porcupine implements it: the calls and returns, in time order, form a linked list;
 * the search tries to linearize a call whose operation is minimal (its call precedes every
 * pending return), lifts it out of the list, and backtracks when it meets a return whose call
 * could not be linearized. A search that exceeds its step budget reports {@link Verdict#UNKNOWN}
 * rather than running for ever. Stateless; one search per call, on the caller's thread.
 */
public final class LinearizabilityChecker {
    public enum Verdict { LINEARIZABLE, NOT_LINEARIZABLE, UNKNOWN }

    /** The verdict per key, with the key's operations when they are not linearizable. */
    public record Result(Map<String, Verdict> perKey, Map<String, List<Op>> anomalies) {
        public Verdict verdict() {
            if (perKey.containsValue(Verdict.NOT_LINEARIZABLE)) return Verdict.NOT_LINEARIZABLE;
            if (perKey.containsValue(Verdict.UNKNOWN)) return Verdict.UNKNOWN;
            return Verdict.LINEARIZABLE;
        }
    }

    private final long stepBudget;

    public LinearizabilityChecker(long stepBudget) {
        this.stepBudget = stepBudget;
    }

    public Result check(List<Op> history) {
        Map<String, List<Op>> byKey = new LinkedHashMap<>();
        for (Op op : history) byKey.computeIfAbsent(op.key(), k -> new ArrayList<>()).add(op);
        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        Map<String, List<Op>> anomalies = new LinkedHashMap<>();
        byKey.forEach((key, ops) -> {
            Verdict v = checkOneKey(ops);
            verdicts.put(key, v);
            if (v == Verdict.NOT_LINEARIZABLE) anomalies.put(key, ops);
        });
        return new Result(verdicts, anomalies);
    }

    /** One entry of the list: the call or the return of operation {@code id}. */
    private static final class Entry {
        final int id;
        final Op op;
        final long time;
        final boolean call;
        Entry match;
        Entry prev;
        Entry next;

        Entry(int id, Op op, long time, boolean call) {
            this.id = id;
            this.op = op;
            this.time = time;
            this.call = call;
        }
    }

    private record Frame(Entry call, String state) {}

    private record Seen(BitSet linearized, String state) {}

    Verdict checkOneKey(List<Op> ops) {
        Entry head = list(ops);
        BitSet linearized = new BitSet(ops.size());
        Set<Seen> cache = new HashSet<>();
        Deque<Frame> calls = new ArrayDeque<>();
        String state = RegisterModel.initial();
        Entry entry = head.next;
        long steps = 0;
        while (head.next != null) {
            if (++steps > stepBudget) return Verdict.UNKNOWN;
            if (entry.call) {
                String next = RegisterModel.step(state, entry.op);
                boolean advanced = false;
                if (next != null) {
                    BitSet with = (BitSet) linearized.clone();
                    with.set(entry.id);
                    if (cache.add(new Seen(with, next))) {
                        calls.push(new Frame(entry, state));
                        state = next;
                        linearized.set(entry.id);
                        lift(entry);
                        entry = head.next;
                        advanced = true;
                    }
                }
                if (!advanced) entry = entry.next;
            } else {
                // A return whose call is not yet linearized: every order tried from here failed.
                if (calls.isEmpty()) return Verdict.NOT_LINEARIZABLE;
                Frame top = calls.pop();
                state = top.state();
                linearized.clear(top.call().id);
                unlift(top.call());
                entry = top.call().next;
            }
        }
        return Verdict.LINEARIZABLE;
    }

    /** The calls and returns in time order, calls first among equal times (touching operations overlap). */
    private static Entry list(List<Op> ops) {
        List<Entry> entries = new ArrayList<>(ops.size() * 2);
        for (int i = 0; i < ops.size(); i++) {
            Op op = ops.get(i);
            Entry call = new Entry(i, op, op.invoked(), true);
            Entry ret = new Entry(i, op, op.deadline(), false);
            call.match = ret;
            ret.match = call;
            entries.add(call);
            entries.add(ret);
        }
        entries.sort(Comparator.comparingLong((Entry e) -> e.time).thenComparing(e -> !e.call));
        Entry head = new Entry(-1, null, Long.MIN_VALUE, false);
        Entry last = head;
        for (Entry e : entries) {
            last.next = e;
            e.prev = last;
            last = e;
        }
        return head;
    }

    /** Takes a call and its return out of the list. */
    private static void lift(Entry call) {
        call.prev.next = call.next;
        call.next.prev = call.prev;
        Entry ret = call.match;
        ret.prev.next = ret.next;
        if (ret.next != null) ret.next.prev = ret.prev;
    }

    /** Puts them back, in the reverse order. */
    private static void unlift(Entry call) {
        Entry ret = call.match;
        ret.prev.next = ret;
        if (ret.next != null) ret.next.prev = ret;
        call.prev.next = call;
        call.next.prev = call;
    }
}
