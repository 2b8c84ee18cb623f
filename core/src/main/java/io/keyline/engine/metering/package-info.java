/**
 * The bridge between the catalog and the capacity model ({@code io.keyline.capacity}):
 * {@link io.keyline.engine.metering.CapacityRegistry} registers every table and GSI with the
 * model (at start-up, on CreateTable), follows UpdateTable and forgets deleted tables;
 * {@link io.keyline.engine.metering.TableBinding} is what the request path needs of one table;
 * {@link io.keyline.engine.metering.ItemCapacity} prices and admits single-item reads and writes
 * (table, LSIs and GSIs by the before/after diff, in one place) and turns a
 * {@link io.keyline.capacity.Throttle} into DynamoDB's error. A write's steps on one thread share
 * a {@code WriteState} (item sizes, the table key's token, the images' places in each GSI, the
 * partitions admission found), so recording a stored write repeats none of its pricing.
 */
package io.keyline.engine.metering;

import io.keyline.engine.metering.WriteState;
