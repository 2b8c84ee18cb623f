/**
 * Keyline tried from outside: tools that start the server as a child process and drive it over
 * HTTP with the AWS SDK or raw sockets, then check what it promised. {@link
 * io.keyline.reliability.ReliabilityTool} is the entry point ({@code scripts/reliability}).
 * Sub-packages: {@code process} (the server as a child process), {@code crash} (SIGKILL cycles
 * and what every acknowledged write must look like after them), {@code linearizability}
 * (histories recorded under contention and a Wing–Gong search over them), {@code load} (floods
 * of large bodies and slow connections, and a soak). docs/RELIABILITY.md holds their figures.
 */
package io.keyline.reliability;
