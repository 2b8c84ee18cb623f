/**
 * The speed-of-light server: the least work a DynamoDB-compatible server can do per request with
 * the same HTTP stack (Netty), used as the upper bound that every other server is compared with.
 */
package io.keyline.bench.sol;
