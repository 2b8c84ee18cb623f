package io.keyline.engine.api;

import io.keyline.model.AttributeValue;
import java.time.Instant;
import java.util.Map;

/**
 * One stream record as GetRecords returns it: eventName INSERT, MODIFY or REMOVE; images null
 * when the stream's view type does not keep them (or the item was absent); {@code service} for a
 * change made by DynamoDB itself (Time to Live), whose record names the service as userIdentity.
 */
public record StreamChange(String eventId, String eventName, boolean service, Instant approximateCreation,
                           Map<String, AttributeValue> keys, Map<String, AttributeValue> oldImage,
                           Map<String, AttributeValue> newImage, String sequenceNumber, long sizeBytes, String viewType) {}
