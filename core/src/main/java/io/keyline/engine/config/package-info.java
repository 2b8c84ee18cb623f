/** The engine's settings: what a user can change on the command line or in a test. */
package io.keyline.engine.config;
