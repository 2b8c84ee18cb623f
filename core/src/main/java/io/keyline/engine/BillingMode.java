package io.keyline.engine;

/** DynamoDB's BillingMode values. */
public enum BillingMode { PROVISIONED, PAY_PER_REQUEST }
