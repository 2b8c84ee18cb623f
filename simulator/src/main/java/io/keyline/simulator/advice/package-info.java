/**
 * The diagnosis: {@link io.keyline.simulator.advice.Advisor} reads a report and its cost and names
 * the anti-patterns the seed articles describe (a table throttled at a small share of what it
 * provisions, a GSI whose writes all land on one partition, low-cardinality or date-keyed GSI
 * keys, indexes nobody reads, hot keys and the shards they need, scans that a query would replace,
 * projections that make writes dearer, item collections near 10 GB, the cheaper capacity mode),
 * each a {@link io.keyline.simulator.advice.Finding} with its numbers and its fix. One check per
 * class; all are pure functions of the report.
 */
package io.keyline.simulator.advice;
