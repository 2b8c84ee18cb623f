package io.keyline.metadata;

/** Local (shares the table's partition key and capacity) or global secondary index. */
public enum IndexKind { LOCAL, GLOBAL }
