package io.keyline.simulator.cost;

import java.util.List;

/**
 * What a simulated workload would cost for a 730-hour month, in US dollars, both ways DynamoDB
 * bills throughput. Built by {@link CostModel}; plain data.
 *
 * @param prices         the price table used
 * @param region         its region
 * @param simulatedHours the simulated duration, in hours
 * @param monthScale     {@link CostModel#HOURS_PER_MONTH} ÷ simulatedHours: how many times the
 *                       simulated traffic repeats in a month
 * @param resources      each table, then its GSIs, in the report's order
 * @param totals         the month's bill in each mode
 */
public record MonthlyCost(Prices prices, String region, double simulatedHours, double monthScale,
        List<ResourceCost> resources, Totals totals) {

    /**
     * One table or GSI.
     *
     * @param table              table name
     * @param index              GSI name, or null for the table itself
     * @param writeRequestUnits  write units a month (the simulated ones × monthScale)
     * @param readRequestUnits   read units a month
     * @param onDemandWrites     dollars for those write request units on demand
     * @param onDemandReads      dollars for those read request units on demand
     * @param provisionedWcu     WCU as declared (0 on demand)
     * @param provisionedRcu     RCU as declared (0 on demand)
     * @param provisioned        dollars for the declared units, every hour of the month
     * @param peakWcu            the busiest simulated second's write units, rounded up
     * @param peakRcu            the busiest simulated second's read units, rounded up
     * @param provisionedAtPeak  dollars for provisioning exactly the peak, every hour of the month
     * @param entries            items or index entries at the end of the run
     * @param storageBytes       their billed size (100 bytes of overhead each included)
     * @param storageEstimated   true when the runner did not measure a GSI's size and it was
     *                           estimated from its writes (see {@link CostModel})
     * @param storage            dollars for storing storageBytes for the month
     */
    public record ResourceCost(String table, String index, double writeRequestUnits, double readRequestUnits,
            double onDemandWrites, double onDemandReads, long provisionedWcu, long provisionedRcu, double provisioned,
            long peakWcu, long peakRcu, double provisionedAtPeak, long entries, long storageBytes,
            boolean storageEstimated, double storage) {

        /** Throughput on demand, storage excluded. */
        public double onDemand() {
            return onDemandWrites + onDemandReads;
        }
    }

    /**
     * The month's bill.
     *
     * @param onDemand            request units of every table and GSI, plus storage
     * @param provisioned         declared capacity-unit hours, plus storage (0 throughput when no
     *                            table is provisioned: see anyProvisioned)
     * @param provisionedAtPeak   capacity-unit hours at the observed peak, plus storage
     * @param storage             storage alone (in each of the three above)
     * @param anyProvisioned      whether the scenario declares any provisioned table
     * @param unservedWriteRequestUnits write units a month of the requests that gave up throttled
     *                            (each priced at its pattern's mean units per successful request)
     * @param unservedReadRequestUnits  the same for reads
     * @param onDemandIfAllServed onDemand plus those units: the bill once nothing throttles
     */
    public record Totals(double onDemand, double provisioned, double provisionedAtPeak, double storage,
            boolean anyProvisioned, double unservedWriteRequestUnits, double unservedReadRequestUnits,
            double onDemandIfAllServed) {}
}
