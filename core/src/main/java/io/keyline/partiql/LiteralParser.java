package io.keyline.partiql;

import io.keyline.model.AttributeValue;
import io.keyline.model.Binary;
import io.keyline.model.NumberText;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The values of a statement, folded to AttributeValues as they are read: strings, numbers
 * (DynamoDB's 38 digits), TRUE / FALSE / NULL, a bound {@code ?}, lists {@code [...]}, tuples
 * {@code {'k': v}} (maps) and sets {@code <<...>>} (SS, NS or BS by their elements). Stateless.
 */
final class LiteralParser {
    private LiteralParser() {}

    /** A literal: string, number, TRUE / FALSE / NULL, ?, [list], {tuple}, <<set>>. */
    static AttributeValue value(TokenCursor in) {
        PartiqlToken t = in.peek();
        switch (t.kind()) {
            case STRING -> { in.skip(); return new AttributeValue.S(t.text()); }
            case NUMBER -> { in.skip(); return number(t.text()); }
            case PARAMETER -> {
                in.skip();
                return in.parameter();
            }
            case WORD -> {
                if (t.is("TRUE") || t.is("FALSE")) { in.skip(); return AttributeValue.bool(t.is("TRUE")); }
                if (t.is("NULL")) { in.skip(); return AttributeValue.Null.INSTANCE; }
                throw in.unexpected();
            }
            case SYMBOL -> {
                if (t.isSymbol("-") && in.peek(1).kind() == PartiqlToken.Kind.NUMBER) {
                    in.skip(2);
                    return number("-" + in.peek(-1).text());
                }
                if (t.isSymbol("[")) return list(in);
                if (t.isSymbol("{")) return tuple(in);
                if (t.isSymbol("<<")) return set(in);
                throw in.unexpected();
            }
            default -> throw in.unexpected();
        }
    }

    private static AttributeValue list(TokenCursor in) {
        in.enter();
        in.expectSymbol("[");
        List<AttributeValue> values = new ArrayList<>();
        if (!in.peek().isSymbol("]")) {
            do values.add(value(in)); while (in.acceptSymbol(","));
        }
        in.expectSymbol("]");
        in.leave();
        return new AttributeValue.L(values);
    }

    private static AttributeValue tuple(TokenCursor in) {
        in.enter();
        in.expectSymbol("{");
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        if (!in.peek().isSymbol("}")) {
            do {
                PartiqlToken key = in.peek();
                if (key.kind() != PartiqlToken.Kind.STRING && key.kind() != PartiqlToken.Kind.QUOTED_NAME) throw in.unexpected();
                in.skip();
                in.expectSymbol(":");
                values.put(key.text(), value(in));
            } while (in.acceptSymbol(","));
        }
        in.expectSymbol("}");
        in.leave();
        return new AttributeValue.M(values);
    }

    /** {@code <<a, b>>}: all strings (SS), all numbers (NS) or all binaries (BS), at least one. */
    private static AttributeValue set(TokenCursor in) {
        in.expectSymbol("<<");
        List<AttributeValue> elements = new ArrayList<>();
        if (!in.peek().isSymbol(">>")) {
            do elements.add(value(in)); while (in.acceptSymbol(","));
        }
        in.expectSymbol(">>");
        if (elements.isEmpty()) throw StatementParser.malformed("Set literals cannot be empty");
        String type = elements.get(0).type();
        for (AttributeValue e : elements) {
            if (!e.type().equals(type)) throw StatementParser.malformed("A set literal holds elements of one type");
        }
        switch (type) {
            case "S": {
                Set<String> s = new LinkedHashSet<>();
                for (AttributeValue e : elements) s.add(((AttributeValue.S) e).value());
                return new AttributeValue.SS(s);
            }
            case "N": {
                Set<BigDecimal> s = new LinkedHashSet<>();
                for (AttributeValue e : elements) s.add(((AttributeValue.N) e).value());
                return new AttributeValue.NS(s);
            }
            case "B": {
                Set<Binary> s = new LinkedHashSet<>();
                for (AttributeValue e : elements) s.add(((AttributeValue.B) e).value());
                return new AttributeValue.BS(s);
            }
            default:
                throw StatementParser.malformed("A set literal holds strings, numbers or binaries");
        }
    }

    static AttributeValue number(String text) {
        try {
            return new AttributeValue.N(NumberText.parse(text));
        } catch (NumberText.Invalid e) {
            throw StatementParser.malformed("Invalid number: " + text);
        }
    }
}
