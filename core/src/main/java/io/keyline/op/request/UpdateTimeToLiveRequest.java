package io.keyline.op.request;

/**
 * An UpdateTimeToLive request after deserialization; the shape check has made sure both members
 * of its TimeToLiveSpecification are present, {@code attributeName} 1 to 255 characters.
 */
public record UpdateTimeToLiveRequest(String tableName, boolean enabled, String attributeName) {}
