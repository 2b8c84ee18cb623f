package io.keyline.simulator.scenario;

/**
 * Write sharding: a base value, a separator and a suffix in 0..shards-1, chosen at random, by a
 * stable hash of another attribute of the same item ({@link StableHash}, so readers can compute
 * it), or in turn by the item's ordinal (a reader's fan-out over every shard). Immutable.
 */
record ShardedGenerator(ValueGenerator base, int shards, Suffix suffix, String from, String separator,
        ValueGenerator.NumberText suffixText) implements ValueGenerator {

    enum Suffix { RANDOM, CALCULATED, CYCLE }

    @Override
    public String next(Draw draw) {
        String b = base.next(draw);
        int shard = switch (suffix) {
            case RANDOM -> draw.random.nextInt(shards);
            case CYCLE -> (int) Math.floorMod(draw.ordinal, (long) shards);
            case CALCULATED -> {
                String source = draw.made.get(from);
                yield source == null ? 0 : StableHash.shard(source, shards);
            }
        };
        return b.concat(separator).concat(suffixText.format(shard));
    }
}
