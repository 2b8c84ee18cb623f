package io.keyline.bench.target;

/** Time from launch to the first answer, and resident memory after idling once ready. Immutable. */
public record StartupRecord(String target, double readyMillis, double idleRssMegabytes) {}
