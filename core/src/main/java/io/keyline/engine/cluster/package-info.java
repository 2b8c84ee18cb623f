/**
 * Several Keyline processes on one shared storage (cluster mode, docs/CLUSTER.md "Several Keyline
 * nodes"): the duties each process runs beside its requests, over the storage's
 * {@link io.keyline.storage.Coordination}: following the catalog that other processes change, and
 * the leases under which exactly one live process applies each GSI change log, so that a dead
 * process's log passes to another, and the owners of token ranges, whose terms fence the writes
 * decided in them (docs/RULES.md#CLUSTER-FENCE). A process alone on its storage has none of this.
 */
package io.keyline.engine.cluster;
