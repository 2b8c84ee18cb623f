/**
 * DynamoDB's physics as a library: consumed capacity, partitions, burst, adaptive capacity,
 * splits, on-demand growth, throttling and GSI back-pressure. Depends only on
 * {@code io.keyline.model} and {@code io.keyline.time.Clock}; every timing reads the injected
 * clock, so tests and the simulator run minutes of traffic in microseconds, deterministically.
 *
 * <h2>The model</h2>
 * <ul>
 * <li><b>Units</b> ({@link io.keyline.capacity.Units}, {@link io.keyline.capacity.ReadMeter},
 *     {@link io.keyline.capacity.IndexWrite}): item sizes from {@code ItemSize}, reads in 4 KB
 *     blocks, writes in 1 KB blocks, per operation as docs/RULES.md's CAP- entries say;
 *     {@link io.keyline.capacity.ConsumedCapacity} renders ReturnConsumedCapacity TOTAL/INDEXES.</li>
 * <li><b>Partition maps</b> ({@link io.keyline.capacity.PartitionMap}): the table and each GSI
 *     own partitions over the signed 64-bit token space, addressed by (token, sort position).
 *     Each partition has a ceiling bucket (1,000 write units a second, a read unit costing a
 *     third), a size, an item count and counters. Partitions split, never merge.</li>
 * <li><b>Partition admission</b> ({@link io.keyline.capacity.Partition}): a partition in credit
 *     admits any one request and charges it in full, even past zero; in debt it refuses every
 *     request until the debt is repaid at the ceiling rate. An idle partition banks
 *     {@link io.keyline.capacity.CapacitySettings#partitionBurst()} of its ceiling. The actions of
 *     a transaction are one request ({@link io.keyline.capacity.WriteCharge#beginRequest}). So one
 *     large request passes on an idle partition and a hot key throttles within about a second
 *     (docs/RULES.md#CAP-PARTITION-INSTANT).</li>
 * <li><b>Admission</b>: a request passes its partition's ceiling and then the table's (or
 *     index's) limit: provisioned units with 300 s of banked burst, or on-demand's
 *     min(2 × previous peak, OnDemandThroughput maximum, table quota) with 20 s banked. Adaptive boost is the
 *     table-wide bucket itself: a hot partition may use any idle share up to its ceiling and the
 *     table total. A write is admitted only if the table partition and every GSI partition it
 *     touches have room ({@link io.keyline.capacity.WriteCharge},
 *     {@link io.keyline.capacity.TableCapacity#admitWrite}); a refusal gives back what it took and
 *     returns a {@link io.keyline.capacity.Throttle}: exception, message, reason, resource ARN.
 *     Reads are admitted while not in debt and charged once their size is known.</li>
 * <li><b>Modes</b> ({@link io.keyline.capacity.CapacityMode}): enforce, account (would-be
 *     throttles counted, nothing refused), off (no bookkeeping).</li>
 * <li><b>UpdateTable</b> ({@link io.keyline.capacity.TableCapacity#follow}): partitions following
 *     the new throughput. DynamoDB's rules on the change itself (decrease budgets, switches to
 *     on-demand, the table quota) are UpdateTable's, in {@code io.keyline.op.control.Throughputs}
 *     and {@link io.keyline.metadata.ProvisionedThroughputState}.</li>
 * <li><b>Metrics</b>: {@link io.keyline.capacity.CapacityModel#snapshot()} returns plain data
 *     per table, index and partition.</li>
 * </ul>
 *
 * <h2>How the engine calls it</h2>
 * <pre>{@code
 * TableCapacity cap = model.register(new TableSpec(name, arn, hasSortKey, hasLsi, throughput, gsiSpecs));
 * // a write, once the old item is known (per thread: one reusable WriteCharge)
 * charge.reset().add(cap.table(), token, SortPosition.of(sk), Units.write(oldSize, newSize, false) + lsiUnits);
 * for each GSI: charge.index(cap.index(g), IndexWrite.of(spec, oldItem, newItem), oldTok, oldPos, newTok, newPos);
 * Throttle t = cap.admitWrite(charge);   // null: go ahead; else throw t.exceptionType() with t.message()
 * map.recordSize(token, pos, newSize - oldSize, itemsDelta, charge);  // after the write is stored;
 *                                        // the admitted charge saves finding the partition again
 * // a read: admit, read, then charge what was read
 * Throttle t = map.admitRead(token, pos);  ...  map.chargeRead(token, pos, meter.units(consistency));
 * }</pre>
 *
 * <h2>Where each rule lives</h2>
 * docs/RULES.md lists every rule with its source and the constant or setting that holds it.
 * Documented rules (AWS documentation) are constants in {@link io.keyline.capacity.Rules}: 4 KB / 1 KB
 * units, eventual ½ and transactional 2×, missing-item and failed-condition prices, partition
 * ceilings 3,000 RCU / 1,000 WCU, 10 GB partitions, 300 s burst, on-demand 12,000 / 4,000 initial
 * and 2× peak, 40,000 table quota. The 16 throttling reasons are {@link io.keyline.capacity.ThrottlingReason}.
 *
 * <p>Inferred rules (our inference, to be measured) are settings in
 * {@link io.keyline.capacity.CapacitySettings} or named constants marked inferred: the partition
 * count heuristic ⌈RCU/3,000 + WCU/1,000⌉ and on-demand's max(R/3,000, W/1,000); the growth delay
 * of an on-demand peak (30 min); when a partition counts as hot (80% of its ceiling or throttled)
 * and how long before it is isolated (1 min); how much of its ceiling an idle partition banks
 * (7 s) and that one request in credit is charged in full; the on-demand table's bank (20 s); the
 * monotonic-sort-key share (90%); Query/Scan's partition minimum combined by
 * max rather than sum ({@link io.keyline.capacity.ReadMeter#units}); an in-place index update
 * sized on the larger entry; KeyRange on on-demand mapped to ThrottlingException; the on-demand
 * table quota applied to the table and each GSI separately; message texts marked inferred in
 * {@link io.keyline.capacity.Throttle}; child partitions sharing
 * their parent's size evenly.
 *
 * <p>Threading: everything here is thread-safe except the per-request builders
 * ({@link io.keyline.capacity.ReadMeter}, {@link io.keyline.capacity.WriteCharge},
 * {@link io.keyline.capacity.ConsumedCapacity.Builder}). No global lock: a request locks its
 * partition, then its table's limits, one at a time.
 */
package io.keyline.capacity;
