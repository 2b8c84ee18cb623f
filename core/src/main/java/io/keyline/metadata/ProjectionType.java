package io.keyline.metadata;

/** DynamoDB's ProjectionType values: which attributes an index entry carries. */
public enum ProjectionType { ALL, KEYS_ONLY, INCLUDE }
