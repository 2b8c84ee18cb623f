package io.keyline.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * One series kept at two resolutions: a ring of one-second slots and a ring of one-minute slots,
 * each slot holding Sum, SampleCount, Minimum and Maximum of the values recorded in its period,
 * plus running totals since the series began (Prometheus counters). A slot is reused when its
 * period comes round again, so memory is fixed at creation: 40 bytes a slot.
 *
 * <p>Threading: every method holds this series' lock for a few array stores; requests on other
 * tables, metrics or operations use other series, so there is no global lock on the request path.
 */
final class Series {
    private final Unit unit;
    private final Ring seconds;
    private final Ring minutes;
    private double totalSum;
    private long totalCount;
    private double last;
    private long lastMillis = Long.MIN_VALUE;

    Series(Unit unit, int secondSlots, int minuteSlots) {
        this.unit = unit;
        this.seconds = new Ring(secondSlots, Period.SECOND.millis());
        this.minutes = new Ring(minuteSlots, Period.MINUTE.millis());
    }

    synchronized void add(long nowMillis, double value) {
        seconds.add(nowMillis, value);
        minutes.add(nowMillis, value);
        totalSum += value;
        totalCount++;
        last = value;
        lastMillis = nowMillis;
    }

    /** The data points of the periods that start in [from, to), oldest first; periods without a value are left out. */
    synchronized List<Datapoint> points(Period period, long fromMillis, long toMillis, long nowMillis) {
        return (period == Period.SECOND ? seconds : minutes).points(fromMillis, toMillis, nowMillis, unit);
    }

    synchronized double totalSum() { return totalSum; }

    synchronized long totalCount() { return totalCount; }

    /** The last value recorded (a gauge's current level). */
    synchronized double last() { return last; }

    synchronized long lastMillis() { return lastMillis; }

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
