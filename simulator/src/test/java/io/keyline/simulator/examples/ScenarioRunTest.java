package io.keyline.simulator.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.simulator.report.PatternReport;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.run.Simulation;
import io.keyline.simulator.run.Workload;
import io.keyline.simulator.scenario.ScenarioFile;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A scenario file run end to end for what the scenario gives the runner: its startTime is the
 * engine's clock (a day-keyed value turns at the virtual midnight), and the batch and
 * transaction gets and a query read back keys another pattern wrote (keysFrom).
 */
class ScenarioRunTest {
    static final String SCENARIO = String.join("\n",
            "name: gaps",
            "seed: 7",
            "duration: 2m",
            "startTime: 2026-08-03T23:59:00Z",
            "tables:",
            "  - TableName: Events",
            "    KeySchema: [{AttributeName: pk, KeyType: HASH}, {AttributeName: sk, KeyType: RANGE}]",
            "    AttributeDefinitions:",
            "      - {AttributeName: pk, AttributeType: S}",
            "      - {AttributeName: sk, AttributeType: S}",
            "      - {AttributeName: day, AttributeType: S}",
            "    BillingMode: PAY_PER_REQUEST",
            "    GlobalSecondaryIndexes:",
            "      - IndexName: by-day",
            "        KeySchema: [{AttributeName: day, KeyType: HASH}, {AttributeName: sk, KeyType: RANGE}]",
            "        Projection: {ProjectionType: KEYS_ONLY}",
            "templates:",
            "  event:",
            "    pk: {uniform: {count: 50, prefix: 'USER#'}}",
            "    sk: {sequence: {prefix: 'E#', pad: 8}}",
            "    day: {time: {format: yyyy-MM-dd}}",
            "    payload: {size: 100}",
            "patterns:",
            "  - {name: write, operation: put, table: Events, template: event, rate: 50}",
            "  - {name: batch, operation: batchGet, table: Events, keysFrom: write, batchSize: 20, rate: 5}",
            "  - {name: transaction, operation: transactGet, table: Events, keysFrom: write, batchSize: 4, rate: 5}",
            "  - {name: user, operation: query, table: Events, keysFrom: write, rate: 5}",
            "  - {name: day, operation: query, table: Events, index: by-day, keysFrom: write, request: {Limit: 10}, rate: 2}",
            "");

    private static Report run() throws Exception {
        Workload w = ScenarioFile.parse("gaps.yaml", SCENARIO);
        return Simulation.run(w, new Simulation.Options(Simulation.StorageMode.MEMORY, 1.0), null);
    }

    @Test
    void theRunsClockStartsAtTheScenariosStartTime() throws Exception {
        Report report = run();
        Workload w = ScenarioFile.parse("gaps.yaml", SCENARIO);
        assertThat(w.start()).isEqualTo(Instant.parse("2026-08-03T23:59:00Z"));
        ResourceReport gsi = report.tables().get(0).gsis().get(0);
        // the day's key turned at the virtual midnight, one minute in: both days were written, half each
        assertThat(gsi.topDemandKeys()).extracting(ResourceReport.KeyCount::partitionKey)
                .containsExactlyInAnyOrder("2026-08-03", "2026-08-04");
        assertThat(gsi.topKeys()).extracting(ResourceReport.KeyCount::partitionKey).containsExactlyInAnyOrder("2026-08-03", "2026-08-04");
        assertThat(gsi.distinctPartitionKeys()).isEqualTo(2);
        assertThat(gsi.minutes()).hasSize(2);
    }

    @Test
    void batchAndTransactionGetsAndQueriesReadBackWhatWasWritten() throws Exception {
        Report report = run();
        PatternReport write = pattern(report, "write");
        assertThat(write.succeeded()).isEqualTo(write.requests()).isGreaterThan(5_000);
        for (String name : new String[] {"batch", "transaction", "user", "day"}) {
            PatternReport p = pattern(report, name);
            assertThat(p.failed()).as(name + " failed: " + p.errors()).isZero();
            assertThat(p.succeeded()).as(name).isEqualTo(p.requests()).isPositive();
            assertThat(p.itemsReturned()).as(name + " returned what the writer wrote").isPositive();
            assertThat(p.consumedReadUnits()).as(name).isPositive();
        }
        assertThat(pattern(report, "batch").operation()).isEqualTo("BatchGetItem");
        assertThat(pattern(report, "transaction").operation()).isEqualTo("TransactGetItems");
        // a batch asks for up to 20 distinct keys of items written by then: most of them exist
        PatternReport batch = pattern(report, "batch");
        assertThat(batch.itemsReturned()).isGreaterThan(batch.requests() * 10);
        // a transaction of 4 gets of written items
        PatternReport transaction = pattern(report, "transaction");
        assertThat(transaction.itemsReturned()).isGreaterThan(transaction.requests() * 2);
        // the user's query names a pk that was written: it finds that user's events
        PatternReport user = pattern(report, "user");
        assertThat(user.itemsReturned()).isGreaterThan(user.requests());
        // the batch's reads count as entries read of the table
        assertThat(report.tables().get(0).table().entriesRead()).isGreaterThanOrEqualTo(batch.itemsReturned() + transaction.itemsReturned());
    }

    private static PatternReport pattern(Report r, String name) {
        return r.patterns().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }
}
