package io.keyline.op.request;

/** A GetRecords request as sent. */
public record GetRecordsRequest(String shardIterator, Integer limit) {}
