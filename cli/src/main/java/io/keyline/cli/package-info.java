/**
 * The {@code keyline} command line (picocli): {@code keyline serve} runs the DynamoDB-compatible
 * server on RocksDB or in memory, {@code keyline check} checks an install, {@code keyline top}
 * watches a running server's tables, GSIs and partitions in the terminal, {@code keyline simulate} runs
 * a scenario on a virtual clock and reports its throttling, cost and advice. The shaded {@code cli/target/keyline.jar} has
 * {@link io.keyline.cli.Keyline} as its main class.
 */
package io.keyline.cli;
