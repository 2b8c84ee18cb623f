/**
 * Cluster mode's forwarding (docs/CLUSTER.md, "Ownership of partitions"): a request for an item
 * whose token range another Keyline node owns is sent on to that node as it came (headers and
 * body untouched, so its SigV4 signature still verifies there), and the owner's reply goes back
 * to the caller.
 */
package io.keyline.server.cluster;
