package io.keyline.cli;

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
}
