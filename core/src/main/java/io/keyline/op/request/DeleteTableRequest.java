package io.keyline.op.request;


/** A DeleteTable request after deserialization. */
public record DeleteTableRequest(String tableName) {}
