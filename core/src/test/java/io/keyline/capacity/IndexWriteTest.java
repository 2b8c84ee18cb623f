package io.keyline.capacity;

import static io.keyline.capacity.Items.item;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** docs/RULES.md#CAP-INDEX-WRITE: index writes by the before/after diff, sized on index entries. */
class IndexWriteTest {
    private static final KeySchema TABLE = KeySchema.of(new KeyAttribute("pk", ScalarType.S), new KeyAttribute("sk", ScalarType.S));
    private static final KeySchema BY_STATUS = KeySchema.of(new KeyAttribute("status", ScalarType.S), new KeyAttribute("date", ScalarType.S));
    private static final IndexSpec GSI_INCLUDE = new IndexSpec("byStatus", true, BY_STATUS, TABLE,
            IndexSpec.Projection.INCLUDE, Set.of("total"));
    private static final IndexSpec GSI_ALL = new IndexSpec("all", true, BY_STATUS, TABLE, IndexSpec.Projection.ALL, Set.of());

    private static Map<String, AttributeValue> order(String status, String total, String note) {
        return item("pk", "C#A", "sk", "O#1", "status", status, "date", "2026-07-24", "total", total, "note", note);
    }

    @Test
    void newItemWithTheIndexKeyIsOnePut() {
        IndexWrite w = IndexWrite.of(GSI_INCLUDE, null, order("PENDING", "42", "n"));
        assertThat(w.kind()).isEqualTo(IndexWrite.Kind.PUT);
        assertThat(w.writes()).isEqualTo(1);
        assertThat(w.units()).isEqualTo(1.0);
    }

    @Test
    void keyChangeIsDeletePlusPut() { // docs/RULES.md#CAP-INDEX-WRITE: A → B = 2 writes
        IndexWrite w = IndexWrite.of(GSI_INCLUDE, order("PENDING", "42", "n"), order("SHIPPED", "42", "n"));
        assertThat(w.kind()).isEqualTo(IndexWrite.Kind.MOVE);
        assertThat(w.writes()).isEqualTo(2);
        assertThat(w.deleteUnits()).isEqualTo(1.0);
        assertThat(w.putUnits()).isEqualTo(1.0);
    }

    @Test
    void projectedOnlyChangeIsOneWriteUnrelatedChangeIsNone() { // docs/RULES.md#CAP-INDEX-WRITE
        assertThat(IndexWrite.of(GSI_INCLUDE, order("PENDING", "42", "n"), order("PENDING", "43", "n")).kind())
                .isEqualTo(IndexWrite.Kind.UPDATE);
        assertThat(IndexWrite.of(GSI_INCLUDE, order("PENDING", "42", "n"), order("PENDING", "42", "changed")))
                .isEqualTo(IndexWrite.NONE);
        assertThat(IndexWrite.of(GSI_ALL, order("PENDING", "42", "n"), order("PENDING", "42", "changed")).writes())
                .isEqualTo(1);
    }

    @Test
    void lsiWithAllProjectionChargesAnUnrelatedAttributeChange() { // docs/RULES.md#CAP-INDEX-WRITE (observed, indexes_with_indexes: lsi > 0 on SET a)
        KeySchema lsiKey = KeySchema.of(new KeyAttribute("pk", ScalarType.S), new KeyAttribute("date", ScalarType.S));
        IndexSpec lsi = new IndexSpec("lsi", false, lsiKey, TABLE, IndexSpec.Projection.ALL, Set.of());
        assertThat(IndexWrite.of(lsi, order("P", "1", "a"), order("P", "1", "b")).units()).isEqualTo(1.0);
    }

    @Test
    void sparseItemsAndRemovals() { // docs/RULES.md#CAP-INDEX-WRITE and its observed nuance
        Map<String, AttributeValue> withKey = order("PENDING", "42", "n");
        Map<String, AttributeValue> withoutKey = item("pk", "C#A", "sk", "O#1", "total", "42");
        IndexWrite removed = IndexWrite.of(GSI_INCLUDE, withKey, withoutKey);
        assertThat(removed.kind()).isEqualTo(IndexWrite.Kind.DELETE);
        assertThat(removed.units()).isEqualTo(1.0);
        assertThat(IndexWrite.of(GSI_INCLUDE, withoutKey, withoutKey)).isEqualTo(IndexWrite.NONE);
        assertThat(IndexWrite.of(GSI_INCLUDE, null, withoutKey)).isEqualTo(IndexWrite.NONE);
        assertThat(IndexWrite.of(GSI_INCLUDE, withKey, null).kind()).isEqualTo(IndexWrite.Kind.DELETE);
    }

    @Test
    void wrongKeyTypeIsNotIndexed() { // docs/RULES.md#GSI-SPARSE: items whose index key has the wrong type are skipped
        Map<String, AttributeValue> numericStatus = item("pk", "C#A", "sk", "O#1", "status", Items.n("1"), "date", "d");
        assertThat(GSI_INCLUDE.indexes(numericStatus)).isFalse();
    }

    @Test
    void entryIsTableKeyPlusIndexKeyPlusProjection() { // docs/RULES.md#CAP-INDEX-ENTRY: sized on the index entry
        Map<String, AttributeValue> big = order("PENDING", "42", Items.bytes(5000));
        long keys = ItemSize.of(item("pk", "C#A", "sk", "O#1", "status", "PENDING", "date", "2026-07-24"));
        assertThat(GSI_INCLUDE.entrySize(big)).isEqualTo(keys + ItemSize.of(item("total", "42")));
        IndexSpec keysOnly = new IndexSpec("k", true, BY_STATUS, TABLE, IndexSpec.Projection.KEYS_ONLY, Set.of());
        assertThat(keysOnly.entrySize(big)).isEqualTo(keys);
        assertThat(GSI_ALL.entrySize(big)).isEqualTo(ItemSize.of(big));
        assertThat(IndexWrite.of(GSI_ALL, null, big).units()).isEqualTo(5.0);
        assertThat(IndexWrite.of(keysOnly, null, big).units()).isEqualTo(1.0);
    }
}
