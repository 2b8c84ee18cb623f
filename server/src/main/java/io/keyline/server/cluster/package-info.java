/**
 * Cluster mode's forwarding (docs/CLUSTER.md, "Ownership of partitions"): a request for an item
 * whose token range another Keyline node owns is sent on to that node as it came (headers and
 * body untouched, so its SigV4 signature still verifies there), and the owner's reply goes back
 * to the caller. And the capacity exchange's HTTP ends (docs/CLUSTER.md, "Capacity across
 * nodes"): {@link io.keyline.server.cluster.CapacityClient} sends this node's reports,
 * {@link io.keyline.server.cluster.CapacityEndpoint} answers the others'.
 */
package io.keyline.server.cluster;
