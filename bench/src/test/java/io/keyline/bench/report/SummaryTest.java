package io.keyline.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.keyline.bench.load.LoadResult;
import io.keyline.bench.load.LoadSpec;
import io.keyline.bench.workload.KeyDistribution;
import io.keyline.bench.workload.Op;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SummaryTest {
    private static final Scenario GET = new Scenario("raw", Op.GET, 200, KeyDistribution.Kind.UNIFORM,
            LoadSpec.closed(16, Duration.ZERO, Duration.ofSeconds(1)));

    private static RunRecord run(String target, int rep, double throughput, double cpu) {
        return new RunRecord(GET, target, rep, new LoadResult((long) throughput, 0, 1, throughput, 100, 900, 1000, 2000, cpu, 5, null, java.util.List.of()));
    }

    @Test
    void ratiosArePairedByRepetitionThenTheMedianIsTaken() {
        List<RunRecord> runs = List.of(
                run(Summary.SOL, 1, 1000, 20), run(Summary.DYNALITE, 1, 400, 80), run("keyline-memory", 1, 900, 30),
                run(Summary.SOL, 2, 500, 21), run(Summary.DYNALITE, 2, 200, 90), run("keyline-memory", 2, 400, 31),
                run(Summary.SOL, 3, 800, 19), run(Summary.DYNALITE, 3, 300, 85), run("keyline-memory", 3, 720, 29));
        List<Summary> s = Summary.of(runs);
        assertThat(s).extracting(Summary::target).containsExactly(Summary.SOL, Summary.DYNALITE, "keyline-memory");
        Summary keyline = s.get(2);
        // Paired ratios 0.9, 0.8, 0.9 → median 0.9; unpaired medians would give 720 / 800.
        assertThat(keyline.ratioToSol()).isCloseTo(0.9, within(1e-9));
        assertThat(keyline.ratioToDynalite()).isCloseTo(2.25, within(1e-9));
        assertThat(keyline.throughput()).isEqualTo(720);
        assertThat(keyline.serverCpuMicros()).isEqualTo(30);
    }

    @Test
    void medianSkipsNaNAndAveragesTheMiddlePair() {
        assertThat(Summary.median(new double[] {3, Double.NaN, 1, 2, 10})).isEqualTo(2.5);
        assertThat(Summary.median(new double[] {Double.NaN})).isNaN();
    }

    @Test
    void markdownHasOneRowPerTargetAndDashesForMissingValues() {
        String md = ReportWriter.markdown(Map.of("commit", "abc"), Summary.of(List.of(run("keyline-rocksdb", 1, 100, Double.NaN))));
        assertThat(md).contains("- commit: `abc`").contains("| raw | get | 200 B | uniform | c16 | keyline-rocksdb | 1 | 100 | – |");
    }
}
