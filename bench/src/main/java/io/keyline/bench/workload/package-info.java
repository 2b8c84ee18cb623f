/**
 * What the load generators send: operations, item shapes, seeded key distributions, and the
 * requests pre-built in both wire form (for the raw client) and SDK form (for the SDK client).
 */
package io.keyline.bench.workload;
