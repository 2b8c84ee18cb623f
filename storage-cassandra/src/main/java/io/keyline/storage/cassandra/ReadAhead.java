package io.keyline.storage.cassandra;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * One query per input (none where the query function answers null: no rows), in the inputs'
 * order, with up to {@code depth} of them in flight ahead
 * of the one being read: a walk over many small Cassandra partitions (a Scan of short items, a
 * directory of heads) then costs about one round trip per {@code depth} partitions instead of
 * one per partition. Each query's rows are read a page at a time; later pages are fetched when
 * reached. Queries still in flight when the reader stops are simply left to finish.
 *
 * <p>Threading: one thread at a time, like the cursor that owns it. Driver failures surface as
 * {@link java.util.concurrent.CompletionException} from {@link #next} or from the rows' iterator.
 */
final class ReadAhead<K> {
    /** An input and the rows of its query. */
    record Result<K>(K input, Iterator<Row> rows) {}

    private record Pending<K>(K input, CompletableFuture<AsyncResultSet> page) {}

    private final Iterator<K> inputs;
    private final Function<K, CompletableFuture<AsyncResultSet>> query;
    private final int depth;
    private final ArrayDeque<Pending<K>> ahead = new ArrayDeque<>();

    ReadAhead(Iterator<K> inputs, Function<K, CompletableFuture<AsyncResultSet>> query, int depth) {
        this.inputs = inputs;
        this.query = query;
        this.depth = depth;
    }

    boolean hasNext() {
        fill();
        return !ahead.isEmpty();
    }

    Result<K> next() {
        if (!hasNext()) throw new NoSuchElementException();
        Pending<K> p = ahead.poll();
        fill();
        return new Result<>(p.input(), new PagedRows(p.page()));
    }

    private void fill() {
        while (ahead.size() < depth && inputs.hasNext()) {
            K input = inputs.next();
            ahead.add(new Pending<>(input, query.apply(input)));
        }
    }

    /** The rows of one query, page after page. */
    private static final class PagedRows implements Iterator<Row> {
        private CompletableFuture<AsyncResultSet> next;
        private AsyncResultSet page;
        private Iterator<Row> rows = Collections.emptyIterator();

        PagedRows(CompletableFuture<AsyncResultSet> first) {
            this.next = first;
        }

        @Override public boolean hasNext() {
            while (!rows.hasNext()) {
                if (next == null) {
                    if (page == null || !page.hasMorePages()) return false;
                    AsyncResultSet current = page;
                    // a later page is a read like the first: sent again through a node's detection window
                    next = ReadRetry.DEFAULT.runAsync(() -> current.fetchNextPage().toCompletableFuture());
                }
                page = next.join();
                next = null;
                rows = page.currentPage().iterator();
            }
            return true;
        }

        @Override public Row next() {
            if (!hasNext()) throw new NoSuchElementException();
            return rows.next();
        }
    }
}
