package io.keyline.metadata;

/** DynamoDB's BillingMode values. */
public enum BillingMode { PROVISIONED, PAY_PER_REQUEST }
