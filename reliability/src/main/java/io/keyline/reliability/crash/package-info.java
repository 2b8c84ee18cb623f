/**
 * The crash harness: writers over HTTP against a child-process server on RocksDB, SIGKILL at
 * seeded random moments, a restart, and a check that the data is what the acknowledgements
 * promised. {@link io.keyline.reliability.crash.CrashHarness} runs the cycles; each writer keeps
 * its own {@link io.keyline.reliability.crash.Ledger} of what it sent and what was answered;
 * {@link io.keyline.reliability.crash.CrashCheck} reads the tables back and compares.
 *
 * <p>The same writers and check drive the cluster failure run
 * ({@link io.keyline.reliability.crash.ClusterFailureRun}, docs/CLUSTER.md "Failure run"): two
 * Keyline nodes on a Cassandra ring, each with its group of writers ({@code NodeWriters}), a
 * Cassandra node and then a Keyline node killed under load, a {@code Burst} of GSI writes just
 * before the Keyline kill, and a {@code HandoverWatch} that times, from the survivor's log, its
 * taking over the dead node's GSI change log and token ranges.
 */
package io.keyline.reliability.crash;
