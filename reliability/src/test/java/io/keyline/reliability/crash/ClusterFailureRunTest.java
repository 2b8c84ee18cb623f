package io.keyline.reliability.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.reliability.process.Launcher;
import io.keyline.storage.cassandra.TestCluster;
import io.keyline.time.SystemClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failure run's Keyline part, short, on the one test Cassandra node (so without the Cassandra
 * kill): two Keyline nodes of this classpath serve one keyspace, node 1 is killed during a burst
 * of GSI writes, and node 2 must take its GSI log's lease, apply the records it left and take its
 * token ranges, with nothing acknowledged lost or half applied, checked on node 2 and on node 1
 * started again. Slow: it needs Cassandra.
 */
@Tag("slow")
class ClusterFailureRunTest {
    private static final String KEYSPACE = "failure_run_test";
    @TempDir Path work;

    @Test void theSurvivorResumesAKilledNodesGsiWorkAndNothingAcknowledgedIsLost() throws Exception {
        TestCluster.session().execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
        // A GSI lag of 1 s keeps each record in the log for a second, so node 1 surely dies holding some: without it a
        // record is left only by a write in flight at the kill (the documented run's burst nearly always leaves some).
        List<String> serve = List.of("--storage", "cassandra", "--cassandra", TestCluster.contactPoint(), "--keyspace", KEYSPACE,
                "--capacity", "account", "--metrics", "off", "--gsi-lag", "1s");
        ClusterFailureRun.Settings settings = new ClusterFailureRun.Settings(serve, null, 4, 8, Duration.ofSeconds(3), Duration.ZERO,
                Duration.ofSeconds(3), Duration.ofSeconds(3), Duration.ofSeconds(60));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        ClusterFailureRun.Outcome outcome = new ClusterFailureRun(settings, Launcher.thisClasspath("-Xmx384m"), work,
                SystemClock.INSTANCE, new PrintStream(text, true, StandardCharsets.UTF_8)).run();
        String output = text.toString(StandardCharsets.UTF_8);
        HandoverWatch.Handover h = outcome.handover();
        // What the run adds is asserted here: nothing acknowledged lost or half applied, and the handover seen. A
        // transaction applied twice, or a GSI entry left stale, across a handover are open findings of the 3-node runs
        // (docs/CLUSTER.md, "Failure run": writes are not fenced yet); the run reports them and fails, this test does not.
        CrashReport report = outcome.report();
        assertThat(report.lostWrites() + report.lostTransactions() + report.halfApplied()).as(output).isZero();
        assertThat(h.gsiWorkResumed()).as(output).isTrue();
        assertThat(h.recordsApplied()).as(output).isPositive();
        // the lease lasts 10 s and is looked for every 2 s; more on a loaded machine, but not much
        assertThat(h.leaseTakenNanos()).as(output).isBetween(0L, Duration.ofSeconds(30).toNanos());
        assertThat(h.rangesTakenNanos()).as(output).isBetween(0L, Duration.ofSeconds(30).toNanos());
        assertThat(outcome.report().transactionsAcknowledged()).as(output).isPositive();
        assertThat(output).contains("check on keyline 1", "check on keyline 2");
    }
}
