package io.keyline.op.request;

/** One AttributeDefinitions entry as sent: the name and its scalar type (S, N or B), either possibly null. */
public record AttributeDefinition(String attributeName, String attributeType) {}
