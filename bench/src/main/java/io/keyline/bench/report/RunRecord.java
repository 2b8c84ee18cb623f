package io.keyline.bench.report;

import io.keyline.bench.load.LoadResult;

/** One measured run: a scenario on one target in one repetition (1-based). Immutable. */
public record RunRecord(Scenario scenario, String target, int repetition, LoadResult result) {}
