package io.keyline.op.request;

/** A StreamSpecification as sent. */
public record StreamSpecification(Boolean streamEnabled, String streamViewType) {}
