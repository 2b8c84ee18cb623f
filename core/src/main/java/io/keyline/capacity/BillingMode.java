package io.keyline.capacity;

/** DynamoDB's BillingMode values (API_BillingModeSummary). */
public enum BillingMode { PROVISIONED, PAY_PER_REQUEST }
