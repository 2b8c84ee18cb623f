package io.keyline.capacity;

import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.List;

/** A small virtual-time driver for admission tests: a model on a manual clock and helpers. */
final class Sim {
    static final String ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/T";

    /**
     * Write units an idle partition banks on the product's default settings
     * ({@link CapacitySettings#DEFAULT_PARTITION_BURST} of its 1,000 WCU ceiling).
     */
    static final int PARTITION_BANK =
            (int) (Rules.PARTITION_WRITE_CEILING * CapacitySettings.DEFAULT_PARTITION_BURST.toSeconds());

    final ManualClock clock = new ManualClock();
    final CapacityModel model;

    Sim() { this(CapacitySettings.defaults()); }

    Sim(CapacitySettings settings) { model = new CapacityModel(settings, clock); }

    TableCapacity table(Throughput t, int minPartitions, CapacityModel.GsiSpec... gsis) {
        return model.register(new CapacityModel.TableSpec("T", ARN, false, false, t, List.of(gsis), minPartitions));
    }

    static CapacityModel.GsiSpec gsi(String name, Throughput t) {
        return new CapacityModel.GsiSpec(name, ARN + "/index/" + name, true, t);
    }

    void advance(long millis) { clock.advance(Duration.ofMillis(millis)); }

    void advanceSeconds(long s) { clock.advance(Duration.ofSeconds(s)); }

    /** Writes of {@code units} at one key, {@code n} times at the current instant; returns how many were admitted. */
    static int burst(PartitionMap map, long token, double units, int n) {
        int ok = 0;
        for (int i = 0; i < n; i++) if (map.admitWrite(token, 0, units) == null) ok++;
        return ok;
    }

    /**
     * {@code perSecond} writes of 1 unit at one key, spread over one second in 1 ms steps;
     * returns how many were admitted.
     */
    int second(PartitionMap map, long token, int perSecond) {
        int ok = 0;
        for (int ms = 0; ms < 1000; ms++) {
            int n = perSecond * (ms + 1) / 1000 - perSecond * ms / 1000;
            ok += burst(map, token, 1, n);
            advance(1);
        }
        return ok;
    }
}
