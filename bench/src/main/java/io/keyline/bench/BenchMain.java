package io.keyline.bench;

import io.keyline.bench.target.TargetEnvironment;
import io.keyline.time.SystemClock;
import java.nio.file.Path;

/**
 * Entry point of the harness ({@code bench/run.sh} calls it): parses {@link BenchOptions}, runs
 * the matrix and prints the Markdown table. Exit status 2 on bad options.
 */
public final class BenchMain {
    private BenchMain() {}

    public static void main(String[] args) throws Exception {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        Path root = TargetEnvironment.findRepoRoot();
        TargetEnvironment env = new TargetEnvironment(root, root.resolve("bench/target/scratch"), options.serverJvmOptions());
        MatrixRunner.Outcome outcome = new MatrixRunner(options, env, SystemClock.INSTANCE, System.out)
                .run(String.join(" ", args));
        System.out.println();
        System.out.println(outcome.markdown());
        System.out.println("results in " + options.out().toAbsolutePath());
    }
}
