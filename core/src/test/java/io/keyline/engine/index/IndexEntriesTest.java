package io.keyline.engine.index;

import static io.keyline.engine.index.IndexFixture.n;
import static io.keyline.engine.index.IndexFixture.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The maintenance function itself: sparse membership, key changes, projections, multi-attribute keys. */
class IndexEntriesTest {
    private final IndexFixture f = new IndexFixture();
    private final TableMetadata table;

    IndexEntriesTest() {
        f.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'},"
                + "{'AttributeName':'x','AttributeType':'S'},{'AttributeName':'y','AttributeType':'N'},{'AttributeName':'l','AttributeType':'N'}],"
                + "'LocalSecondaryIndexes':[{'IndexName':'byL','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
                + "{'AttributeName':'l','KeyType':'RANGE'}],'Projection':{'ProjectionType':'KEYS_ONLY'}}],"
                + "'GlobalSecondaryIndexes':["
                + "{'IndexName':'all','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}},"
                + "{'IndexName':'inc','KeySchema':[{'AttributeName':'x','KeyType':'HASH'},{'AttributeName':'y','KeyType':'RANGE'}],"
                + "'Projection':{'ProjectionType':'INCLUDE','NonKeyAttributes':['a']}},"
                + "{'IndexName':'multi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'},{'AttributeName':'p','KeyType':'HASH'},"
                + "{'AttributeName':'y','KeyType':'RANGE'},{'AttributeName':'c','KeyType':'RANGE'}],'Projection':{'ProjectionType':'KEYS_ONLY'}}]}");
        table = f.table("tbl");
    }

    @AfterEach void close() { f.close(); }

    private static Map<String, AttributeValue> item(Object... kv) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], (AttributeValue) kv[i + 1]);
        return m;
    }

    private IndexMetadata index(String name) { return table.index(name); }

    @Test void anItemLackingAKeyAttributeOrWithAnotherTypeIsNotInTheIndex() {
        assertThat(IndexKeys.of(index("all"), item("p", s("1"), "c", s("1")))).isNull();
        assertThat(IndexKeys.of(index("all"), item("p", s("1"), "c", s("1"), "x", n(3)))).isNull();
        assertThat(IndexKeys.of(index("inc"), item("p", s("1"), "c", s("1"), "x", s("a")))).as("range part missing").isNull();
        assertThat(IndexKeys.of(index("all"), item("p", s("1"), "c", s("1"), "x", s("a")))).isNotNull();
        IndexEntries.Delta d = IndexEntries.update(table, index("all"), null, item("p", s("1"), "c", s("1"), "y", n(1)));
        assertThat(d.isEmpty()).isTrue();
    }

    @Test void addingTheKeyPutsRemovingItDeletesChangingItDoesBoth() {
        Map<String, AttributeValue> without = item("p", s("1"), "c", s("1"));
        Map<String, AttributeValue> withA = item("p", s("1"), "c", s("1"), "x", s("a"));
        Map<String, AttributeValue> withB = item("p", s("1"), "c", s("1"), "x", s("b"));
        IndexEntries.Delta add = IndexEntries.update(table, index("all"), without, withA);
        assertThat(add.deletes()).isEmpty();
        assertThat(add.puts()).hasSize(1);
        IndexEntries.Delta remove = IndexEntries.update(table, index("all"), withA, without);
        assertThat(remove.deletes()).hasSize(1);
        assertThat(remove.puts()).isEmpty();
        IndexEntries.Delta change = IndexEntries.update(table, index("all"), withA, withB);
        assertThat(change.deletes()).hasSize(1);
        assertThat(change.puts()).hasSize(1);
        assertThat(change.deletes().get(0)).isNotEqualTo(change.puts().get(0).key());
        IndexEntries.Delta delete = IndexEntries.update(table, index("all"), withA, null);
        assertThat(delete.deletes()).containsExactly(remove.deletes().get(0));
    }

    @Test void aProjectedChangeIsOnePutAndAnUnprojectedChangeNothing() {
        Map<String, AttributeValue> before = item("p", s("1"), "c", s("1"), "x", s("a"), "y", n(1), "a", s("v1"), "b", s("w1"));
        Map<String, AttributeValue> aChanged = new LinkedHashMap<>(before);
        aChanged.put("a", s("v2"));
        Map<String, AttributeValue> bChanged = new LinkedHashMap<>(before);
        bChanged.put("b", s("w2"));
        IndexEntries.Delta projected = IndexEntries.update(table, index("inc"), before, aChanged);
        assertThat(projected.deletes()).isEmpty();
        assertThat(projected.puts()).hasSize(1);
        assertThat(IndexEntries.update(table, index("inc"), before, bChanged).isEmpty()).isTrue();
        assertThat(IndexEntries.update(table, index("all"), before, bChanged).puts()).hasSize(1);
    }

    @Test void projectionsHoldTheTableKeyTheIndexKeyAndTheIncludedAttributes() {
        Map<String, AttributeValue> it = item("p", s("1"), "c", s("2"), "x", s("a"), "y", n(1), "l", n(7), "a", s("v"), "b", s("w"));
        assertThat(IndexEntries.project(table, index("inc"), it).keySet()).containsExactly("p", "c", "x", "y", "a");
        assertThat(IndexEntries.project(table, index("byL"), it).keySet()).containsExactly("p", "c", "l");
        assertThat(IndexEntries.project(table, index("all"), it)).isEqualTo(it);
        assertThat(IndexEntries.keyAttributeNames(table, index("multi"))).containsExactly("p", "c", "x", "y");
    }

    @Test void lsiEntriesShareTheTablesPartitionAndSortByTheLsiKey() {
        Map<String, AttributeValue> a = item("p", s("1"), "c", s("z"), "l", n(1));
        Map<String, AttributeValue> b = item("p", s("1"), "c", s("a"), "l", n(2));
        byte[] ka = IndexEntries.storageKey(table, index("byL"), a);
        byte[] kb = IndexEntries.storageKey(table, index("byL"), b);
        assertThat(java.util.Arrays.compareUnsigned(ka, kb)).isNegative();
        assertThat(java.util.Arrays.copyOfRange(ka, 8, 16)).isEqualTo(java.util.Arrays.copyOfRange(kb, 8, 16));
    }

    @Test void multiAttributeKeysNeedEveryPartAndEqualIndexKeysOfTwoItemsStayDistinct() {
        Map<String, AttributeValue> one = item("p", s("1"), "c", s("1"), "x", s("a"), "y", n(5));
        Map<String, AttributeValue> two = item("p", s("1"), "c", s("2"), "x", s("a"), "y", n(5));
        IndexKeys.IndexKey key = IndexKeys.of(index("multi"), one);
        assertThat(key.hash()).containsExactly(s("a"), s("1"));
        assertThat(key.range()).containsExactly(n(5), s("1"));
        assertThat(IndexKeys.of(index("multi"), item("p", s("1"), "c", s("1"), "x", s("a")))).isNull();
        assertThat(IndexEntries.storageKey(table, index("all"), one)).isNotEqualTo(IndexEntries.storageKey(table, index("all"), two));
        assertThat(List.of(IndexEntries.storageKey(table, index("multi"), one))).doesNotContain(
                IndexEntries.storageKey(table, index("multi"), two));
    }
}
