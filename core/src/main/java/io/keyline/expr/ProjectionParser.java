package io.keyline.expr;

import java.util.ArrayList;
import java.util.List;

/**
 * Parser for ProjectionExpression: {@code path (',' path)*}. Single use, not thread-safe.
 */
final class ProjectionParser extends ParserBase {
    private ProjectionParser(String text, String parameter) { super(text, parameter); }

    static List<DocumentPath> parse(String text, String parameter) {
        ProjectionParser p = new ProjectionParser(text, parameter);
        List<DocumentPath> paths = new ArrayList<>();
        paths.add(p.parsePath());
        while (p.peek().is(",")) {
            p.pos++;
            paths.add(p.parsePath());
        }
        p.expectEnd();
        return paths;
    }

    @Override protected boolean isKeyword(Token t) { return false; }
}
