package io.keyline.storage.cassandra;

import io.keyline.storage.Storage;
import io.keyline.testing.TestStorage;
import java.time.Clock;
import java.time.Duration;

/**
 * {@code -Dkeyline.test.storage=cassandra}: each test storage is the test cluster's keyspace
 * {@value #KEYSPACE}, emptied when opened (so one test's storages at a time). Found by
 * {@link TestStorage} through META-INF/services. Stateless.
 */
public final class CassandraTestStorage implements TestStorage.Provider {
    static final String KEYSPACE = "matrix";

    @Override public String kind() { return "cassandra"; }

    @Override public Storage open() {
        CassandraStorage storage = new CassandraStorage(TestCluster.session(),
                TestCluster.options(KEYSPACE).withGcDelay(Duration.ZERO), Clock.systemUTC());
        storage.truncate();
        return storage;
    }
}
