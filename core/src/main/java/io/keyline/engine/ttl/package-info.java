/**
 * Time to Live: which items have expired ({@link io.keyline.engine.ttl.ExpiryTime}) and the
 * background {@link io.keyline.engine.ttl.Expirer} that deletes them, on the injected clock,
 * without consuming capacity, through the ordinary item write path (so LSIs and GSIs follow).
 * The setting itself is a member of the table's catalog record
 * ({@link io.keyline.metadata.TimeToLiveState}); the operations are {@code op.UpdateTimeToLive}
 * and {@code op.DescribeTimeToLive}.
 */
package io.keyline.engine.ttl;
