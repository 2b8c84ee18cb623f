package io.keyline.engine.api;

import io.keyline.model.AttributeValue;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What one page reads: a key range of a target, its direction, where to resume, how many items
 * to evaluate at most, and the filter applied after evaluation. Immutable.
 *
 * @param exclusiveStart stored key to resume after (before, when {@code reverse}), or null
 * @param limit the most items to evaluate, or null for no limit but the page size
 * @param filter keeps an evaluated item in the page; never null
 */
public record PageRequest(ReadTarget target, KeyRange range, boolean reverse, byte[] exclusiveStart,
                          Integer limit, Predicate<Map<String, AttributeValue>> filter) {}
