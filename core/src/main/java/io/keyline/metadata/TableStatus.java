package io.keyline.metadata;

/** DynamoDB's TableStatus / IndexStatus values. */
public enum TableStatus { CREATING, UPDATING, DELETING, ACTIVE }
