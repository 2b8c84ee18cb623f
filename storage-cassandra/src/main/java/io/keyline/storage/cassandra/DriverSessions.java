package io.keyline.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import io.keyline.storage.StorageException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Opens a driver session on the cluster of {@link CassandraOptions}, with the timeouts every
 * Keyline session uses (a loaded development machine answers slowly) plus what its user adds:
 * the storage's and the coordination's sessions differ only there. Stateless.
 */
final class DriverSessions {
    /** How long a statement waits for its answer unless told otherwise. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(20);

    private DriverSessions() {}

    /** A new session (the caller closes it); a StorageException naming the contact points if none can be made. */
    static CqlSession open(CassandraOptions options, UnaryOperator<ProgrammaticDriverConfigLoaderBuilder> more) {
        try {
            DriverConfigLoader config = more.apply(DriverConfigLoader.programmaticBuilder()
                    .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, REQUEST_TIMEOUT)
                    .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
                    .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30)))
                    .build();
            List<InetSocketAddress> points = options.contactPoints().stream()
                    .map(a -> new InetSocketAddress(a.getHostString(), a.getPort())).toList();
            return CqlSession.builder().addContactPoints(points).withLocalDatacenter(options.localDatacenter())
                    .withConfigLoader(config).build();
        } catch (DriverException | IllegalStateException e) {
            throw new StorageException("cannot connect to Cassandra at " + options.describePoints() + ": " + e.getMessage(), e);
        }
    }
}
