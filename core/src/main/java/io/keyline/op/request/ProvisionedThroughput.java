package io.keyline.op.request;

/** A ProvisionedThroughput structure as sent; either value may be missing (null). */
public record ProvisionedThroughput(Long readCapacityUnits, Long writeCapacityUnits) {}
