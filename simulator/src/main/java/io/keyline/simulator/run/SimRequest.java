package io.keyline.simulator.run;

import io.keyline.protocol.JsonObject;

/**
 * One request of the simulated client.
 *
 * @param atNanos   when it is sent, nanoseconds of simulated time after the start
 * @param pattern   index into {@link Workload#patterns()}
 * @param operation the DynamoDB operation name, e.g. "PutItem"
 * @param body      the request as a client would send it
 */
public record SimRequest(long atNanos, int pattern, String operation, JsonObject body) {}
