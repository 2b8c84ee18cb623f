package io.keyline.engine.api;

import java.util.List;

/** One GetRecords page: the records and the iterator to continue with, null once a closed shard is read to its end. */
public record StreamRecords(List<StreamChange> records, String nextShardIterator) {}
