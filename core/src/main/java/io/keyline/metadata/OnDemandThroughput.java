package io.keyline.metadata;

/**
 * Optional maximum request units of an on-demand table or GSI (OnDemandThroughput). A null field
 * was not given; -1 means "no maximum", as DynamoDB accepts it. Immutable.
 */
public record OnDemandThroughput(Long maxReadRequestUnits, Long maxWriteRequestUnits) {}
