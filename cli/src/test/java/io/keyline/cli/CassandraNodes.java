package io.keyline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.storage.cassandra.TestCluster;
import picocli.CommandLine;

/** Keyline nodes started in the test's JVM, as `serve --storage cassandra` starts them, on the test Cassandra node. */
final class CassandraNodes {
    private CassandraNodes() {}

    /** A node serving {@code keyspace} on a free port, metrics off; the caller closes it. */
    static ServeCommand.Running serve(String keyspace) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs("--storage", "cassandra", "--cassandra", TestCluster.contactPoint(), "--keyspace", keyspace,
                "--port", "0", "--metrics", "off");
        return serve.start();
    }

    /**
     * Waits (at most 30 s) until each of two nodes owns 32 of the 64 token ranges, asserts it,
     * then waits one more round (2 s, and a margin) so that both nodes' views of the owners agree.
     */
    static void awaitHalfTheRangesEach(ServeCommand.Running first, ServeCommand.Running second) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline && (first.engine().ownership().ownRanges().size() != 32
                || second.engine().ownership().ownRanges().size() != 32)) Thread.sleep(100);
        assertThat(first.engine().ownership().ownRanges()).as("ranges of the first node").hasSize(32);
        assertThat(second.engine().ownership().ownRanges()).as("ranges of the second node").hasSize(32);
        Thread.sleep(2_500);
    }
}
