package io.keyline.engine;

import java.time.Duration;

/**
 * Engine settings that a user can change on the command line. Immutable.
 *
 * @param region          the region in ARNs and DescribeEndpoints
 * @param accountId       the account in ARNs
 * @param tableCreateDelay how long a new table stays CREATING (DynamoDB: seconds; default 0)
 * @param tableDeleteDelay how long a deleted table stays DELETING (default 0)
 * @param endpointAddress the host[:port] DescribeEndpoints advertises; null advertises
 *                        DynamoDB's regional endpoint. A server sets its own address here so
 *                        that clients following endpoint discovery keep talking to it.
 */
public record Settings(String region, String accountId, Duration tableCreateDelay, Duration tableDeleteDelay,
                       String endpointAddress) {

    public Settings(String region, String accountId, Duration tableCreateDelay, Duration tableDeleteDelay) {
        this(region, accountId, tableCreateDelay, tableDeleteDelay, null);
    }

    public static Settings defaults() {
        return new Settings("us-east-1", "000000000000", Duration.ZERO, Duration.ZERO, null);
    }

    public Settings withTableCreateDelay(Duration d) {
        return new Settings(region, accountId, d, tableDeleteDelay, endpointAddress);
    }

    public Settings withTableDeleteDelay(Duration d) {
        return new Settings(region, accountId, tableCreateDelay, d, endpointAddress);
    }

    public Settings withEndpointAddress(String address) {
        return new Settings(region, accountId, tableCreateDelay, tableDeleteDelay, address);
    }
}
