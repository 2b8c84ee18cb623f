package io.keyline.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * One series kept at two resolutions: a ring of one-second slots and a ring of one-minute slots,
 * each slot holding Sum, SampleCount, Minimum and Maximum of the values recorded in its period,
 * plus running totals since the series began (Prometheus counters). A slot is reused when its
 * period comes round again, so memory is fixed: 40 bytes a slot.
 *
 * <p>Threading: striped, as {@link java.util.concurrent.atomic.LongAdder} is. A series starts
 * with one stripe (its rings and totals, behind a lock held for a few array stores); when a
 * writer finds its stripe's lock taken it tries the others, and only when all are taken does the
 * series double its stripes (up to about twice the processors); threads spread over them by their id, so the hot series of a busy table stop
 * serializing its requests. Readers merge the stripes. Only contended series pay the memory of
 * more stripes.
 */
final class Series {
    /** The most stripes a series grows to: a power of two, about twice the processors. */
    static final int MAX_STRIPES = Math.min(16, Integer.highestOneBit(Math.max(2, Runtime.getRuntime().availableProcessors() * 2 - 1)) * 2);

    private final Unit unit;
    private final int secondSlots;
    private final int minuteSlots;
    private volatile Stripe[] stripes;
    /** Set when the store dropped this series: whoever keeps it as a handle resolves the key again. */
    private volatile boolean retired;

    Series(Unit unit, int secondSlots, int minuteSlots) {
        this.unit = unit;
        this.secondSlots = secondSlots;
        this.minuteSlots = minuteSlots;
        this.stripes = new Stripe[] {new Stripe(secondSlots, minuteSlots)};
    }

    /** Marks the series dropped by its store; returns true (for use in a removeIf). */
    boolean retire() {
        retired = true;
        return true;
    }

    boolean retired() { return retired; }

    void add(long nowMillis, double value) {
        int probe = probe();
        Stripe[] s = stripes;
        // Never park a request thread while another stripe is free: a blocked lock costs a futex
        // wait and wake, microseconds, where the store itself costs a few array stores.
        for (int i = 0; i < s.length; i++) {
            Stripe stripe = s[(probe + i) & (s.length - 1)];
            if (stripe.lock.tryLock()) {
                try {
                    stripe.add(nowMillis, value);
                } finally {
                    stripe.lock.unlock();
                }
                return;
            }
        }
        s = grow(s);
        Stripe stripe = s[probe & (s.length - 1)];
        stripe.lock.lock();
        try {
            stripe.add(nowMillis, value);
        } finally {
            stripe.lock.unlock();
        }
    }

    /** A thread's hash, spread so that consecutive ids land on different stripes. */
    private static int probe() {
        long id = Thread.currentThread().getId();
        return (int) (id ^ (id >>> 16)) * 0x9E3779B9 >>> 8;
    }

    /** Doubles the stripes if {@code seen} is still current and below the maximum; returns the current ones. */
    private synchronized Stripe[] grow(Stripe[] seen) {
        Stripe[] s = stripes;
        if (s != seen || s.length >= MAX_STRIPES) return s;
        Stripe[] more = java.util.Arrays.copyOf(s, s.length * 2);
        for (int i = s.length; i < more.length; i++) more[i] = new Stripe(secondSlots, minuteSlots);
        stripes = more;
        return more;
    }

    /** The data points of the periods that start in [from, to), oldest first; periods without a value are left out. */
    List<Datapoint> points(Period period, long fromMillis, long toMillis, long nowMillis) {
        java.util.TreeMap<Long, Datapoint> merged = new java.util.TreeMap<>();
        for (Stripe stripe : stripes) {
            List<Datapoint> points;
            stripe.lock.lock();
            try {
                points = (period == Period.SECOND ? stripe.seconds : stripe.minutes).points(fromMillis, toMillis, nowMillis, unit);
            } finally {
                stripe.lock.unlock();
            }
            for (Datapoint d : points) merged.merge(d.timestampMillis(), d, Datapoint::plus);
        }
        return new ArrayList<>(merged.values());
    }

    double totalSum() {
        double sum = 0;
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try { sum += stripe.totalSum; } finally { stripe.lock.unlock(); }
        }
        return sum;
    }

    long totalCount() {
        long count = 0;
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try { count += stripe.totalCount; } finally { stripe.lock.unlock(); }
        }
        return count;
    }

    /** The last value recorded (a gauge's current level): the newest of the stripes'. */
    double last() {
        double last = 0;
        long when = Long.MIN_VALUE;
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                if (stripe.lastMillis >= when && stripe.totalCount > 0) { when = stripe.lastMillis; last = stripe.last; }
            } finally {
                stripe.lock.unlock();
            }
        }
        return last;
    }

    long lastMillis() {
        long when = Long.MIN_VALUE;
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try { when = Math.max(when, stripe.lastMillis); } finally { stripe.lock.unlock(); }
        }
        return when;
    }

    /** One stripe: both rings and the totals, guarded by its lock. */
    private static final class Stripe {
        final java.util.concurrent.locks.ReentrantLock lock = new java.util.concurrent.locks.ReentrantLock();
        final Ring seconds;
        final Ring minutes;
        double totalSum;
        long totalCount;
        double last;
        long lastMillis = Long.MIN_VALUE;

        Stripe(int secondSlots, int minuteSlots) {
            this.seconds = new Ring(secondSlots, Period.SECOND.millis());
            this.minutes = new Ring(minuteSlots, Period.MINUTE.millis());
        }

        void add(long nowMillis, double value) {
            seconds.add(nowMillis, value);
            minutes.add(nowMillis, value);
            totalSum += value;
            totalCount++;
            last = value;
            lastMillis = nowMillis;
        }
    }

    /** Slots of one resolution, indexed by period number modulo their count. */
    private static final class Ring {
        private final long periodMillis;
        private final long[] period;
        private final double[] sum;
        private final long[] count;
        private final double[] min;
        private final double[] max;
        /** The slot of the period last written and where that period starts: most values land in it, without a division. */
        private int currentSlot = -1;
        private long currentStart;

        Ring(int slots, long periodMillis) {
            this.periodMillis = periodMillis;
            this.period = new long[slots];
            java.util.Arrays.fill(period, Long.MIN_VALUE);
            this.sum = new double[slots];
            this.count = new long[slots];
            this.min = new double[slots];
            this.max = new double[slots];
        }

        void add(long nowMillis, double value) {
            long sinceStart = nowMillis - currentStart;
            int i;
            if (currentSlot >= 0 && sinceStart >= 0 && sinceStart < periodMillis) {
                i = currentSlot;
            } else {
                long p = Math.floorDiv(nowMillis, periodMillis);
                i = (int) Math.floorMod(p, (long) period.length);
                currentSlot = i;
                currentStart = p * periodMillis;
                if (period[i] != p) {
                    period[i] = p;
                    sum[i] = 0;
                    count[i] = 0;
                    min[i] = Double.POSITIVE_INFINITY;
                    max[i] = Double.NEGATIVE_INFINITY;
                }
            }
            sum[i] += value;
            count[i]++;
            if (value < min[i]) min[i] = value;
            if (value > max[i]) max[i] = value;
        }

        List<Datapoint> points(long fromMillis, long toMillis, long nowMillis, Unit unit) {
            long newest = Math.floorDiv(nowMillis, periodMillis);
            long oldest = newest - period.length + 1; // older periods have been overwritten
            long first = Math.max(oldest, Math.floorDiv(fromMillis + periodMillis - 1, periodMillis));
            long end = Math.min(newest + 1, Math.floorDiv(toMillis + periodMillis - 1, periodMillis));
            List<Datapoint> out = new ArrayList<>();
            for (long p = first; p < end; p++) {
                int i = (int) Math.floorMod(p, (long) period.length);
                if (period[i] != p || count[i] == 0) continue;
                out.add(new Datapoint(p * periodMillis, sum[i], count[i], min[i], max[i], unit));
            }
            return out;
        }
    }
}
