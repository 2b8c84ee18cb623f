package io.keyline.partiql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a statement into tokens: bare words (keywords and names), {@code "quoted names"} (a
 * doubled quote inside is one quote), {@code 'strings'} (likewise), numbers, {@code ?} and
 * symbols, longest first ({@code <<}, {@code >>}, {@code <=}, {@code >=}, {@code <>},
 * {@code !=}). Whitespace and {@code --} comments separate tokens. Stateless.
 */
final class PartiqlLexer {
    private static final String[] SYMBOLS = {"<<", ">>", "<=", ">=", "<>", "!=", "(", ")", "[", "]", "{", "}", ",", ".", ":",
        "*", "=", "<", ">", "+", "-", ";"};

    private PartiqlLexer() {}

    static List<PartiqlToken> tokenize(String text) {
        List<PartiqlToken> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) { i++; continue; }
            if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                while (i < n && text.charAt(i) != '\n') i++;
                continue;
            }
            int start = i;
            if (Character.isLetter(c) || c == '_') {
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_' || text.charAt(i) == '$')) i++;
                out.add(new PartiqlToken(PartiqlToken.Kind.WORD, text.substring(start, i), start));
            } else if (c >= '0' && c <= '9') {
                i = number(text, i);
                out.add(new PartiqlToken(PartiqlToken.Kind.NUMBER, text.substring(start, i), start));
            } else if (c == '"' || c == '\'') {
                StringBuilder sb = new StringBuilder();
                i++;
                while (true) {
                    if (i >= n) throw StatementParser.malformed(c == '"' ? "Unterminated quoted identifier" : "Unterminated string literal");
                    char d = text.charAt(i);
                    if (d == c) {
                        if (i + 1 < n && text.charAt(i + 1) == c) { sb.append(c); i += 2; continue; }
                        i++;
                        break;
                    }
                    sb.append(d);
                    i++;
                }
                out.add(new PartiqlToken(c == '"' ? PartiqlToken.Kind.QUOTED_NAME : PartiqlToken.Kind.STRING, sb.toString(), start));
            } else if (c == '?') {
                i++;
                out.add(new PartiqlToken(PartiqlToken.Kind.PARAMETER, "?", start));
            } else {
                String symbol = null;
                for (String s : SYMBOLS) {
                    if (text.startsWith(s, i)) { symbol = s; break; }
                }
                if (symbol == null) throw StatementParser.malformed("Unexpected character: '" + c + "'");
                i += symbol.length();
                out.add(new PartiqlToken(PartiqlToken.Kind.SYMBOL, symbol.equals("!=") ? "<>" : symbol, start));
            }
        }
        out.add(new PartiqlToken(PartiqlToken.Kind.END, "", n));
        return out;
    }

    private static int number(String text, int i) {
        int n = text.length();
        while (i < n && Character.isDigit(text.charAt(i))) i++;
        if (i + 1 < n && text.charAt(i) == '.' && Character.isDigit(text.charAt(i + 1))) {
            i++;
            while (i < n && Character.isDigit(text.charAt(i))) i++;
        }
        if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (text.charAt(j) == '+' || text.charAt(j) == '-')) j++;
            if (j < n && Character.isDigit(text.charAt(j))) {
                i = j;
                while (i < n && Character.isDigit(text.charAt(i))) i++;
            }
        }
        return i;
    }
}
