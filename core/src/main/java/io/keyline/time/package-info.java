/**
 * The only source of time: {@link io.keyline.time.Clock}, with the system clock for the server
 * and a manual clock for tests and the simulator, so minutes of burst pass in microseconds.
 */
package io.keyline.time;
