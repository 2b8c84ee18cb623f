/**
 * The crash harness: writers over HTTP against a child-process server on RocksDB, SIGKILL at
 * seeded random moments, a restart, and a check that the data is what the acknowledgements
 * promised. {@link io.keyline.reliability.crash.CrashHarness} runs the cycles; each writer keeps
 * its own {@link io.keyline.reliability.crash.Ledger} of what it sent and what was answered;
 * {@link io.keyline.reliability.crash.CrashCheck} reads the tables back and compares.
 */
package io.keyline.reliability.crash;
