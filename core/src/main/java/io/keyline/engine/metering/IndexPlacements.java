package io.keyline.engine.metering;

import io.keyline.capacity.IndexSpec;
import io.keyline.capacity.SortPosition;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Where one write's old and new image sit in each GSI of its table (docs/RULES.md#CAP-INDEX-WRITE): whether the image is
 * in the index, its token, sort position and entry size, by the GSI's position in the binding.
 * Pricing a write places both images; recording the stored write ({@link ItemCapacity#written})
 * reads the same places when it records the same write (same binding, same old and new item,
 * compared by identity: all three are immutable), and places them again otherwise.
 *
 * <p>The key values of the two images are compared once, for the diff ({@link #keyChanged})
 * and so that the new image takes the old one's token and sort position when they are equal (an
 * overwrite that keeps the index key): a token is a function of the key values alone, a sort
 * position of the first range value.
 *
 * <p>Not thread-safe: one per thread, inside {@link WriteState}.
 */
final class IndexPlacements {
    private Object binding, oldItem, newItem;
    boolean[] oldIn = new boolean[0], newIn = new boolean[0];
    /** Both images in the index with different key values (as IndexSpec.keyChanged): the entry moves. */
    boolean[] keyChanged = new boolean[0];
    long[] oldToken = new long[0], newToken = new long[0];
    long[] oldSort = new long[0], newSort = new long[0];
    long[] oldBytes = new long[0], newBytes = new long[0];

    /** Places both images of a write in every GSI of {@code b}, unless this is already the write placed last. */
    IndexPlacements place(TableBinding b, Map<String, AttributeValue> oldImage, Map<String, AttributeValue> newImage,
                          ItemSizes sizes) {
        if (b == binding && oldImage == oldItem && newImage == newItem) return this;
        List<TableBinding.Gsi> gsis = b.globalIndexes();
        int count = gsis.size();
        if (oldIn.length < count) grow(count);
        for (int g = 0; g < count; g++) {
            IndexSpec spec = gsis.get(g).spec();
            KeySchema key = spec.indexKey();
            boolean before = spec.indexes(oldImage);
            oldIn[g] = before;
            oldToken[g] = before ? ItemCapacity.token(key, oldImage) : 0;
            oldSort[g] = before ? ItemCapacity.sort(key, oldImage) : SortPosition.NONE;
            oldBytes[g] = before ? entrySize(spec, oldImage, sizes) : 0;
            boolean after = spec.indexes(newImage);
            newIn[g] = after;
            if (!after) {
                keyChanged[g] = false;
                newToken[g] = 0;
                newSort[g] = SortPosition.NONE;
                newBytes[g] = 0;
                continue;
            }
            boolean sameHash = before && equalValues(key.hash(), oldImage, newImage);
            boolean sameRange = before && equalValues(key.range(), oldImage, newImage);
            keyChanged[g] = before && !(sameHash && sameRange);
            newToken[g] = sameHash ? oldToken[g] : ItemCapacity.token(key, newImage);
            newSort[g] = sameRange ? oldSort[g] : ItemCapacity.sort(key, newImage);
            newBytes[g] = entrySize(spec, newImage, sizes);
        }
        binding = b;
        oldItem = oldImage;
        newItem = newImage;
        return this;
    }

    private static long entrySize(IndexSpec spec, Map<String, AttributeValue> item, ItemSizes sizes) {
        return spec.projection() == IndexSpec.Projection.ALL ? sizes.of(item) : spec.entrySize(item);
    }

    /** Whether two images in the index have equal values of these key attributes (present in both). */
    private static boolean equalValues(List<KeyAttribute> attributes, Map<String, AttributeValue> a,
                                       Map<String, AttributeValue> b) {
        for (int i = 0; i < attributes.size(); i++) {
            String name = attributes.get(i).name();
            if (!a.get(name).equals(b.get(name))) return false;
        }
        return true;
    }

    private void grow(int n) {
        oldIn = Arrays.copyOf(oldIn, n);
        newIn = Arrays.copyOf(newIn, n);
        keyChanged = Arrays.copyOf(keyChanged, n);
        oldToken = Arrays.copyOf(oldToken, n);
        newToken = Arrays.copyOf(newToken, n);
        oldSort = Arrays.copyOf(oldSort, n);
        newSort = Arrays.copyOf(newSort, n);
        oldBytes = Arrays.copyOf(oldBytes, n);
        newBytes = Arrays.copyOf(newBytes, n);
    }
}
