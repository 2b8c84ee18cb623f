package io.keyline.op.request;

/** One Tag as sent; key and value may be missing until the constraints are checked. */
public record Tag(String key, String value) {}
