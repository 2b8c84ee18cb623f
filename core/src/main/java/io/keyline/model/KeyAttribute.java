package io.keyline.model;

/** One attribute of a key schema with its declared type. */
public record KeyAttribute(String name, ScalarType type) {}
