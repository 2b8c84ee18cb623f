package io.keyline.expr;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits expression text into tokens the way DynamoDB's lexer does: an attribute name token
 * starts with a letter; {@code #} and {@code :} references may start with any letter, digit or
 * underscore; any other character (for example {@code _} or {@code !}) is a token of its own, so
 * it surfaces in a syntax error. Whitespace is space, tab, CR and LF. Stateless.
 */
final class Lexer {
    private Lexer() {}

    static List<Token> tokenize(String text) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') { i++; continue; }
            int start = i;
            if (isLetter(c)) {
                i++;
                while (i < n && isNamePart(text.charAt(i))) i++;
                out.add(new Token(Token.Kind.IDENTIFIER, text.substring(start, i), start, i));
            } else if (c >= '0' && c <= '9') {
                while (i < n && text.charAt(i) >= '0' && text.charAt(i) <= '9') i++;
                out.add(new Token(Token.Kind.NUMBER, text.substring(start, i), start, i));
            } else if ((c == '#' || c == ':') && i + 1 < n && isNamePart(text.charAt(i + 1))) {
                i++;
                while (i < n && isNamePart(text.charAt(i))) i++;
                out.add(new Token(c == '#' ? Token.Kind.NAME_REF : Token.Kind.VALUE_REF, text.substring(start, i), start, i));
            } else if ((c == '<' || c == '>') && i + 1 < n && (text.charAt(i + 1) == '=' || (c == '<' && text.charAt(i + 1) == '>'))) {
                i += 2;
                out.add(new Token(Token.Kind.SYMBOL, text.substring(start, i), start, i));
            } else if ("=<>()[],.+-".indexOf(c) >= 0) {
                i++;
                out.add(new Token(Token.Kind.SYMBOL, String.valueOf(c), start, i));
            } else {
                i += Character.charCount(text.codePointAt(i));
                out.add(new Token(Token.Kind.UNKNOWN, text.substring(start, i), start, i));
            }
        }
        out.add(new Token(Token.Kind.EOF, Token.EOF_TEXT, n, n));
        return out;
    }

    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isNamePart(char c) {
        return isLetter(c) || (c >= '0' && c <= '9') || c == '_';
    }
}
