package io.keyline.metadata;

/** DynamoDB's TimeToLiveStatus values (docs/RULES.md#TTL-STATUS). */
public enum TimeToLiveStatus { ENABLING, ENABLED, DISABLING, DISABLED }
