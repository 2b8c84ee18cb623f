package io.keyline.cli;

import io.keyline.storage.cassandra.TestCluster;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Two Keyline nodes serving one fresh keyspace on the test Cassandra node, settled at 32 token
 * ranges each, and the clients a test opens on them: what the cluster tests of this module share.
 * {@link #close} closes every client, then the nodes, in the reverse of their opening.
 */
final class TwoServeNodes implements AutoCloseable {
    static final StaticCredentialsProvider CREDENTIALS = StaticCredentialsProvider.create(AwsBasicCredentials.create("key", "secret"));

    private final List<AutoCloseable> open = new ArrayList<>();
    final ServeCommand.Running first;
    final ServeCommand.Running second;

    /** Drops {@code keyspace}, starts two nodes on it and waits until they own half the ranges each. */
    TwoServeNodes(String keyspace) throws InterruptedException {
        TestCluster.session().execute("DROP KEYSPACE IF EXISTS " + keyspace);
        first = closeLater(CassandraNodes.serve(keyspace));
        second = closeLater(CassandraNodes.serve(keyspace));
        CassandraNodes.awaitHalfTheRangesEach(first, second);
    }

    /** A client of {@code node} that does not retry: the test sees every refusal. */
    DynamoDbClient clientWithoutRetries(ServeCommand.Running node) {
        return closeLater(DynamoDbClient.builder().endpointOverride(URI.create("http://127.0.0.1:" + node.port())).region(Region.US_EAST_1)
                .credentialsProvider(CREDENTIALS)
                .overrideConfiguration(o -> o.retryStrategy(software.amazon.awssdk.core.retry.RetryMode.STANDARD)
                        .retryPolicy(p -> p.numRetries(0)))
                .httpClient(UrlConnectionHttpClient.create()).build());
    }

    /** {@code resource}, closed with the nodes. */
    <T extends AutoCloseable> T closeLater(T resource) {
        open.add(resource);
        return resource;
    }

    /** Closes {@code resource} now (a node that stops during the test), not again with the others. */
    void closeNow(AutoCloseable resource) throws Exception {
        open.remove(resource);
        resource.close();
    }

    @Override public void close() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) open.get(i).close();
    }
}
