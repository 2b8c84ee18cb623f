package io.keyline.engine;

/** DynamoDB's TableStatus / IndexStatus values. */
public enum TableStatus { CREATING, UPDATING, DELETING, ACTIVE }
