package io.keyline.op.request;


/** A ListTables request after deserialization; both members are optional. */
public record ListTablesRequest(Integer limit, String exclusiveStartTableName) {}
