package io.keyline.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The multi-version clock's rules, with a clock that stands still unless moved: no Cassandra needed. */
class VersionsTest {
    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.ofEpochSecond(1_000));
    private final Versions versions = new Versions(() -> now.get());

    @Test void versionsIncreaseEvenWhenTheClockStandsStill() {
        long a = versions.beginWrite();
        long b = versions.beginWrite();
        assertThat(a).isEqualTo(1_000_000_000L);
        assertThat(b).isGreaterThan(a);
    }

    @Test void aReadPointIsAtLeastNowAndLaterWritesAreAboveIt() {
        Versions.ReadPoint point = versions.openReader();
        assertThat(point.at()).isGreaterThanOrEqualTo(1_000_000_000L);
        long write = versions.beginWrite();
        assertThat(write).isGreaterThan(point.at());
        versions.endWrite(write, true);
        assertThat(versions.visible(write, point)).isFalse();
        versions.closeReader(point);
    }

    @Test void aBatchInFlightWhenAReadPointIsTakenStaysInvisibleToItEvenOnceWritten() {
        long before = versions.beginWrite();
        versions.endWrite(before, true);
        long inFlight = versions.beginWrite();
        Versions.ReadPoint point = versions.openReader();
        versions.endWrite(inFlight, true);
        assertThat(versions.visible(before, point)).isTrue();
        assertThat(versions.visible(inFlight, point)).isFalse();
        assertThat(versions.visible(inFlight, versions.openReader())).isTrue();
        assertThat(point.horizon()).as("collection stops below the excluded batch").isEqualTo(inFlight - 1);
    }

    @Test void anAbortedBatchIsNeverVisible() {
        long write = versions.beginWrite();
        versions.endWrite(write, false);
        Versions.ReadPoint point = versions.openReader();
        assertThat(versions.visible(write, point)).isFalse();
    }

    @Test void theOldestReaderBoundsCollection() {
        assertThat(versions.horizon()).isEqualTo(Long.MAX_VALUE);
        Versions.ReadPoint first = versions.openReader();
        now.set(now.get().plusSeconds(1));
        Versions.ReadPoint second = versions.openReader();
        versions.retainReader(first);
        versions.closeReader(first);
        assertThat(versions.horizon()).isEqualTo(first.at());
        versions.closeReader(first);
        assertThat(versions.horizon()).isEqualTo(second.at());
        versions.closeReader(second);
        assertThat(versions.horizon()).isEqualTo(Long.MAX_VALUE);
    }
}
