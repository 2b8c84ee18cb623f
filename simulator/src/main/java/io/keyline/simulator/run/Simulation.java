package io.keyline.simulator.run;

import io.keyline.simulator.report.Report;
import java.time.Duration;

/**
 * Runs a workload through the engine on a virtual clock. CONTRACT STUB: the runner's branch
 * replaces the body; the signature is what the command line and the tests call.
 */
public final class Simulation {
    private Simulation() {}

    /** Where items live during a run. */
    public enum StorageMode {
        /** the engine's in-memory storage: items kept whole */
        MEMORY,
        /** keys and item sizes only, so large tables fit; reads return items of the right size */
        SIZES
    }

    /**
     * @param storage        where items live
     * @param sampleFraction null to let the runner choose per pattern; otherwise the fraction of
     *                       every pattern's requests to execute, in (0, 1] (1.0 = no sampling)
     */
    public record Options(StorageMode storage, Double sampleFraction) {
        public static Options defaults() {
            return new Options(StorageMode.MEMORY, null);
        }
    }

    /** Told how far the run is, at most a few times a second of wall time. */
    @FunctionalInterface
    public interface ProgressListener {
        void progress(Duration simulated, Duration total, long requestsExecuted);
    }

    public static Report run(Workload workload, Options options, ProgressListener progress) {
        throw new UnsupportedOperationException("contract stub: the runner branch builds Simulation.run");
    }
}
