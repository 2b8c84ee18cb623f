package io.keyline.simulator.run;

import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableMetadata;
import io.keyline.insights.InsightsRule;
import io.keyline.simulator.report.PatternReport;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.report.TableReport;
import io.keyline.time.Clock;
import io.keyline.time.SystemClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a workload through the engine on a virtual clock (docs/SIMULATOR.md, "How a run works"):
 * a fresh {@link SimulatedDatabase}, the traffic sampled per pattern ({@link Sampling}) and sent by
 * the {@link SimulatedClient}, the metrics sampled every simulated second and Contributor
 * Insights' top keys read every simulated minute, then the {@link Report} filled by
 * {@link ReportBuilder}. The same workload and options give the same report. One run per call,
 * on the calling thread.
 */
public final class Simulation {
    private Simulation() {}

    /** Where items live during a run. */
    public enum StorageMode {
        /** the engine's in-memory storage: items kept whole */
        MEMORY,
        /**
         * the key attributes, the attributes the traffic's expressions name, and the item's size
         * only, so large tables fit; reads return items of the right size
         */
        SIZES,
        /** SIZES for a run that will hold more than {@link #SIZES_ABOVE_ITEMS} items, MEMORY below */
        AUTO
    }

    /**
     * AUTO's threshold: above this many items held (preloaded, plus the item writes the run will
     * execute), whole items cost the heap more than their bodies are worth (about 2.3 KB an item of
     * 1 KB against 330 bytes, docs/SIMULATOR.md "Storage modes").
     */
    public static final long SIZES_ABOVE_ITEMS = 200_000;

    /**
     * @param storage        where items live
     * @param sampleFraction null to let the runner choose per pattern; otherwise the fraction of
     *                       every pattern's requests to execute, in (0, 1] (1.0 = no sampling)
     */
    public record Options(StorageMode storage, Double sampleFraction) {
        public static Options defaults() {
            return new Options(StorageMode.AUTO, null);
        }
    }

    /** The storage a run of {@code workload} with {@code options} uses: AUTO resolved. */
    public static StorageMode storageOf(Workload workload, Options options) {
        if (options.storage() != StorageMode.AUTO) return options.storage();
        return itemsHeld(workload, Sampling.fractions(workload, options.sampleFraction())) > SIZES_ABOVE_ITEMS
                ? StorageMode.SIZES : StorageMode.MEMORY;
    }

    /**
     * About how many items a run will hold at most: the preloads, plus each writing pattern's
     * executed requests at its peak rate for the whole run times the items a request writes (a
     * batch's or transaction's default size: the workload does not carry the scenario's batchSize).
     */
    static long itemsHeld(Workload workload, double[] fractions) {
        double items = 0;
        for (Workload.Preload p : workload.preloads()) items += p.count();
        double seconds = workload.duration().toNanos() / 1e9;
        for (int i = 0; i < fractions.length; i++) {
            Workload.Pattern p = workload.patterns().get(i);
            int perRequest = switch (p.operation()) {
                case "PutItem" -> 1;
                case "BatchWriteItem" -> 25;
                case "TransactWriteItems" -> 10;
                default -> 0;
            };
            items += p.peakRate() * fractions[i] * seconds * perRequest;
        }
        return (long) Math.min(Long.MAX_VALUE, items);
    }

    /** Told how far the run is, at most a few times a second of wall time. */
    @FunctionalInterface
    public interface ProgressListener {
        void progress(Duration simulated, Duration total, long requestsExecuted);
    }

    public static Report run(Workload workload, Options options, ProgressListener progress) {
        return run(workload, options, progress, SystemClock.INSTANCE);
    }

    /** As {@link #run(Workload, Options, ProgressListener)}, with the wall clock progress is paced by. */
    static Report run(Workload workload, Options options, ProgressListener progress, Clock wall) {
        return run(workload, options, progress, wall, db -> {});
    }

    /** As above; {@code atEnd} sees the database once the run is over, before it is closed (tests). */
    static Report run(Workload workload, Options options, ProgressListener progress, Clock wall,
                      java.util.function.Consumer<SimulatedDatabase> atEnd) {
        double[] fractions = Sampling.fractions(workload, options.sampleFraction());
        try (SimulatedDatabase db = new SimulatedDatabase(workload, storageOf(workload, options))) {
            Map<Long, CountingStorage.Counts> counts = new HashMap<>();
            for (TableMetadata t : db.tables) {
                counts.put(t.keyspaceId(), db.storage.watch(t.keyspaceId()));
                for (IndexMetadata g : t.globalIndexes()) counts.put(g.keyspaceId(), db.storage.watch(g.keyspaceId()));
            }
            ResourceTallies tallies = new ResourceTallies((table, index) -> {
                TableMetadata t = db.table(table);
                IndexMetadata i = t == null ? null : t.index(index);
                return i != null && i.isGlobal();
            });
            List<PatternTally> patterns = new ArrayList<>();
            for (int i = 0; i < fractions.length; i++) patterns.add(new PatternTally(workload.patterns().get(i), 1.0 / fractions[i]));
            KeyDemand demand = new KeyDemand(db.tables);
            RunClock time = new RunClock(db.clock, db.metrics::sample, minute -> {
                topKeys(db, tallies);
                demand.minuteEnded();
            });
            SimulatedClient client = new SimulatedClient(db, time, workload.client(), new Backoff(workload.client(), workload.seed()),
                    patterns, tallies, demand, progress == null ? (s, t, n) -> {} : progress, wall);
            client.run(workload.traffic().open(fractions), workload.duration());
            // the last writes' GSI changes fall due, and are applied before anything reads the statistics
            time.moveTo(time.now() + SimulatedDatabase.GSI_LAG.toNanos());
            int covered = time.finish(workload.duration().toNanos());
            db.beforeIndexRead();
            db.model().weighRequests(1.0);
            ReportBuilder builder = new ReportBuilder(db, tallies, counts, demand, RunClock.minutesOf(workload.duration()), covered);
            List<TableReport> tables = new ArrayList<>();
            for (TableMetadata t : db.tables) tables.add(builder.table(t.name()));
            List<PatternReport> patternReports = new ArrayList<>();
            Map<String, Double> sampling = new LinkedHashMap<>();
            for (int i = 0; i < fractions.length; i++) {
                patternReports.add(patterns.get(i).report());
                sampling.put(workload.patterns().get(i).name(), fractions[i]);
            }
            atEnd.accept(db);
            return new Report(workload.name(), workload.seed(), workload.duration(), sampling, tables, patternReports,
                    workload.region(), workload.prices() == null ? Map.of() : Map.copyOf(workload.prices()));
        }
    }

    /** The minute that ends: Contributor Insights' heaviest and most throttled partition keys of each table and GSI. */
    private static void topKeys(SimulatedDatabase db, ResourceTallies tallies) {
        for (TableMetadata listed : db.tables) {
            TableMetadata t = db.table(listed.name());
            List<String> indexes = new ArrayList<>();
            indexes.add(null);
            for (IndexMetadata g : t.globalIndexes()) indexes.add(g.name());
            for (String index : indexes) {
                String resource = ResourceTallies.resource(t.name(), index);
                tallies.topKeys(resource, false, db.engine.insights().topKeys(t, index, InsightsRule.PKC, Duration.ofMinutes(1),
                        ResourceTallies.KEYS_PER_MINUTE));
                tallies.topKeys(resource, true, db.engine.insights().topKeys(t, index, InsightsRule.PKT, Duration.ofMinutes(1),
                        ResourceTallies.KEYS_PER_MINUTE));
            }
        }
    }
}
