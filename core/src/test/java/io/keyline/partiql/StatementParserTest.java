package io.keyline.partiql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.keyline.error.ApiException;
import io.keyline.expr.DocumentPath;
import io.keyline.expr.PathStep;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StatementParserTest {
    private static Statement parse(String text, AttributeValue... parameters) {
        return StatementParser.parse(text, List.of(parameters));
    }

    private static ApiException fails(String text, AttributeValue... parameters) {
        return catchThrowableOfType(() -> parse(text, parameters), ApiException.class);
    }

    @Test void selectWithProjectionIndexWhereAndOrder() {
        Statement.Select s = (Statement.Select) parse(
                "SELECT Devices.FireStick.DateWatched[0], \"Total\" FROM \"Orders\".\"ByTotal\" WHERE OrderID IN [1, 2] ORDER BY OrderID DESC");
        assertThat(s.table()).isEqualTo("Orders");
        assertThat(s.index()).isEqualTo("ByTotal");
        assertThat(s.projection()).containsExactly(
                new DocumentPath(List.of(PathStep.Field.of("Devices"), PathStep.Field.of("FireStick"), PathStep.Field.of("DateWatched"), new PathStep.Index(0))),
                DocumentPath.attribute("Total"));
        assertThat(s.where()).isInstanceOf(Expr.In.class);
        assertThat(s.orderBy()).containsExactly(new Statement.Order(DocumentPath.attribute("OrderID"), true));
    }

    @Test void keywordsIgnoreCaseAndStarMeansEverything() {
        Statement.Select s = (Statement.Select) parse("select * from Music where Artist = 'Acme' and size(\"Image\") > 300");
        assertThat(s.projection()).isNull();
        assertThat(s.where()).isInstanceOf(Expr.And.class);
    }

    @Test void insertFoldsTheTupleAndBindsParameters() {
        Statement.Insert s = (Statement.Insert) parse("INSERT INTO \"Music\" value {'Artist' : ?, 'n': -1.50, 'ok': true, 'l': [1, 'a'], "
                + "'m': {'x': null}, 'ss': <<'a', 'b'>>, 'ns': <<1, 2>>}", new AttributeValue.S("Acme Band"));
        Map<String, AttributeValue> item = s.item();
        assertThat(item.get("Artist")).isEqualTo(new AttributeValue.S("Acme Band"));
        assertThat(item.get("n")).isEqualTo(new AttributeValue.N(new BigDecimal("-1.5")));
        assertThat(item.get("ok")).isEqualTo(AttributeValue.Bool.TRUE);
        assertThat(item.get("l")).isEqualTo(new AttributeValue.L(List.of(new AttributeValue.N(BigDecimal.ONE), new AttributeValue.S("a"))));
        assertThat(item.get("m")).isEqualTo(new AttributeValue.M(Map.of("x", AttributeValue.Null.INSTANCE)));
        assertThat(item.get("ss")).isEqualTo(new AttributeValue.SS(Set.of("a", "b")));
        assertThat(item.get("ns")).isEqualTo(new AttributeValue.NS(Set.of(BigDecimal.ONE, new BigDecimal(2))));
    }

    @Test void stringsAndNamesUnescapeDoubledQuotes() {
        Statement.Insert s = (Statement.Insert) parse("INSERT INTO \"we\"\"ird\" VALUE {'it''s': 'don''t'}");
        assertThat(s.table()).isEqualTo("we\"ird");
        assertThat(s.item()).containsEntry("it's", new AttributeValue.S("don't"));
    }

    @Test void updateKeepsItsClausesInOrder() {
        Statement.Update s = (Statement.Update) parse("UPDATE \"Music\" SET AwardsWon=1 SET AwardDetail.Grammys = list_append(AwardDetail.Grammys, [2016]) "
                + "REMOVE AwardDetail.Grammys[2] WHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks' RETURNING MODIFIED NEW *");
        assertThat(s.assignments()).hasSize(3);
        assertThat(s.assignments().get(2)).isInstanceOf(Statement.Assignment.Remove.class);
        assertThat(s.returning()).isEqualTo(Statement.Returning.MODIFIED_NEW);
    }

    @Test void deleteAndExists() {
        assertThat(((Statement.Delete) parse("DELETE FROM \"Music\" WHERE \"Artist\" = 'Acme Band' RETURNING ALL OLD *")).returning())
                .isEqualTo(Statement.Returning.ALL_OLD);
        Statement.Exists e = (Statement.Exists) parse("EXISTS(SELECT * FROM Music where Artist='x' and SongTitle='y' and Awards is  MISSING)");
        assertThat(e.table()).isEqualTo("Music");
    }

    @Test void malformedStatementsUseDynamoDbsEnvelope() {
        assertThat(fails("CREATE TABLE x").getMessage()).isEqualTo("Statement wasn't well formed, can't be processed: Expected data manipulation");
        assertThat(fails("SELECT * FROM").getMessage()).startsWith("Statement wasn't well formed, can't be processed: ");
        assertThat(fails("SELECT * FROM t WHERE a = 'x").getMessage()).endsWith("Unterminated string literal");
        assertThat(fails("SELECT * FROM t WHERE a = 1 )").getMessage()).contains("Unexpected token )");
    }

    @Test void parameterCountMustMatch() {
        assertThat(fails("SELECT * FROM t WHERE a = ?").getMessage()).isEqualTo(StatementParser.PARAMETER_COUNT);
        assertThat(fails("SELECT * FROM t WHERE a = 1", new AttributeValue.S("x")).getMessage()).isEqualTo(StatementParser.PARAMETER_COUNT);
    }

    @Test void deepNestingIsRefusedNotOverflowed() {
        String deep = "(".repeat(500) + "a = 1" + ")".repeat(500);
        assertThat(fails("SELECT * FROM t WHERE " + deep).getMessage()).contains("nested too deeply");
    }

    @Test void keyMatchFindsQueriesAndScans() {
        KeySchema schema = KeySchema.of(new KeyAttribute("pk", ScalarType.N), new KeyAttribute("sk", ScalarType.S));
        Expr in = ((Statement.Select) parse("SELECT * FROM t WHERE pk IN [1, 2, 1] AND begins_with(sk, 'a') AND x > 3")).where();
        List<List<io.keyline.expr.KeyConditions.Term>> q = KeyMatch.query(in, schema);
        assertThat(q).hasSize(2);
        assertThat(q.get(0)).extracting(io.keyline.expr.KeyConditions.Term::operator).containsExactly("EQ", "BEGINS_WITH");
        Expr or = ((Statement.Select) parse("SELECT * FROM t WHERE pk = 1 OR pk = 200")).where();
        assertThat(KeyMatch.query(or, schema)).hasSize(2);
        for (String scan : List.of("pk > 1", "x = 1", "pk = 100 OR x = 'a'", "pk = 'wrong type'")) {
            assertThat(KeyMatch.query(((Statement.Select) parse("SELECT * FROM t WHERE " + scan)).where(), schema)).as(scan).isNull();
        }
    }

    @Test void itemKeyNeedsEveryKeyAttribute() {
        KeySchema schema = KeySchema.of(new KeyAttribute("pk", ScalarType.N), new KeyAttribute("sk", ScalarType.S));
        KeyMatch.ItemKey key = KeyMatch.item(((Statement.Delete) parse("DELETE FROM t WHERE 'a' = sk AND pk = 1 AND x = 2")).where(), schema);
        assertThat(key.key()).containsOnlyKeys("pk", "sk");
        assertThat(key.rest()).isInstanceOf(Expr.Compare.class);
        assertThat(catchThrowableOfType(() -> KeyMatch.item(((Statement.Delete) parse("DELETE FROM t WHERE pk = 1")).where(), schema),
                ApiException.class).getMessage()).isEqualTo(KeyMatch.KEY_REQUIRED);
    }
}
