/**
 * Several Keyline processes on one shared storage (cluster mode, docs/CLUSTER.md "Several Keyline
 * nodes"): the duties each process runs beside its requests, over the storage's
 * {@link io.keyline.storage.Coordination}: following the catalog that other processes change, and
 * the leases under which exactly one live process applies each GSI change log, so that a dead
 * process's log passes to another; the owners of token ranges ({@link io.keyline.engine.cluster.Ownership}),
 * whose terms fence the writes decided in them (docs/RULES.md#CLUSTER-FENCE); and capacity across
 * nodes ({@link io.keyline.engine.cluster.CapacityExchange}: GSI back-pressure and table-level budgets
 * held in total by reports between the nodes every 200 ms). A process alone on its storage has none of this.
 */
package io.keyline.engine.cluster;
