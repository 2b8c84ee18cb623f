package io.keyline.expr;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.expr.ConditionNode.And;
import io.keyline.expr.ConditionNode.Comparison;
import io.keyline.expr.ConditionNode.Comparator;
import io.keyline.expr.ConditionNode.Not;
import io.keyline.expr.ConditionNode.Or;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The parsers' trees: precedence, associativity and the shape of placeholders before resolution. */
class ParserTest {

    private static ConditionNode condition(String text) {
        return ConditionParser.parse(text, "ConditionExpression").root();
    }

    private static Operand.PathOperand path(String... names) {
        return new Operand.PathOperand(new DocumentPath(java.util.Arrays.stream(names)
                .map(n -> (PathStep) new PathStep.Field(n, n.startsWith("#"), !n.startsWith("#"))).toList()));
    }

    @Test void lexerSplitsTokens() {
        List<Token> t = Lexer.tokenize("a.b[12] <>:v1 AND #n>=x _y");
        assertThat(t).extracting(Token::text)
                .containsExactly("a", ".", "b", "[", "12", "]", "<>", ":v1", "AND", "#n", ">=", "x", "_", "y", "<EOF>");
        assertThat(t.get(7).kind()).isEqualTo(Token.Kind.VALUE_REF);
        assertThat(t.get(12).kind()).isEqualTo(Token.Kind.UNKNOWN);
    }

    @Test void andBindsTighterThanOr() {
        ConditionNode n = condition("a < b OR c < b AND b < c");
        assertThat(n).isInstanceOf(Or.class);
        assertThat(((Or) n).right()).isInstanceOf(And.class);
    }

    @Test void notBindsTighterThanAnd() {
        ConditionNode n = condition("NOT a < b AND c < b");
        assertThat(n).isInstanceOf(And.class);
        assertThat(((And) n).left()).isInstanceOf(Not.class);
    }

    @Test void betweenTakesItsOwnAnd() {
        ConditionNode n = condition("b BETWEEN a AND c AND a < b");
        assertThat(n).isInstanceOf(And.class);
        assertThat(((And) n).left()).isInstanceOf(ConditionNode.Between.class);
    }

    @Test void placeholdersStayUnresolved() {
        ConditionNode n = condition("#n.b = :v");
        assertThat(n).isEqualTo(new Comparison(Comparator.EQ, path("#n", "b"), new Operand.ValueRef(":v")));
    }

    @Test void listIndexesAndNesting() {
        ConditionNode n = condition("attribute_exists(a[3].b[0][1])");
        Operand.FunctionCall f = ((ConditionNode.FunctionCondition) n).call();
        DocumentPath p = ((Operand.PathOperand) f.args().get(0)).path();
        assertThat(p.render()).isEqualTo("[a, [3], b, [0], [1]]");
    }

    @Test void redundantParenthesesAreFlaggedNotThrown() {
        assertThat(ConditionParser.parse("((a < b))", "ConditionExpression").redundantParentheses()).isTrue();
        assertThat(ConditionParser.parse("(a < b)", "ConditionExpression").redundantParentheses()).isFalse();
    }

    @Test void updateClausesAndRepeats() {
        UpdateParser.Result r = UpdateParser.parse("SET a = :v, b = c + :w REMOVE d ADD e :x DELETE f :y set g = :z", "UpdateExpression");
        assertThat(r.actions()).extracting(a -> a.getClass().getSimpleName())
                .containsExactly("Set", "Set", "Remove", "Add", "Delete", "Set");
        assertThat(r.repeatedClause()).isEqualTo("SET");
        assertThat(((UpdateAction.Set) r.actions().get(1)).value()).isInstanceOf(Operand.Arithmetic.class);
    }

    @Test void projectionPaths() {
        assertThat(ProjectionParser.parse("a, #b.c[2]", "ProjectionExpression")).extracting(DocumentPath::render)
                .containsExactly("[a]", "[#b, c, [2]]");
    }

    @Test void leadingZerosInIndexes() {
        assertThat(ProjectionParser.parse("a[007]", "ProjectionExpression").get(0).render()).isEqualTo("[a, [7]]");
    }
}
