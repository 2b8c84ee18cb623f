package io.keyline.bench.report;

import io.keyline.bench.load.LoadSpec;
import io.keyline.bench.workload.KeyDistribution;
import io.keyline.bench.workload.Op;

/** One cell of the matrix, run once per target per repetition. Immutable. */
public record Scenario(String client, Op op, int itemBytes, KeyDistribution.Kind keys, LoadSpec load) {
    public String label() {
        return client + " " + op.cliName() + " " + itemBytes + "B " + keys.cliName() + " " + load.label();
    }
}
