package io.keyline.expr;

import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Turns a parsed UpdateExpression into resolved, validated actions, with DynamoDB's checks in
 * DynamoDB's order: reserved words, unknown functions, misplaced list_append, repeated clauses,
 * undefined names, undefined values, overlapping and conflicting paths, ADD/DELETE operand
 * types, then function operands. Stateless.
 */
final class UpdateCompiler {
    private UpdateCompiler() {}

    static final String PARAMETER = "UpdateExpression";
    private static final Set<String> FUNCTIONS = Set.of("if_not_exists", "list_append");

    static List<UpdateAction> compile(UpdateParser.Result parsed, Resolver resolver) {
        List<UpdateAction> actions = parsed.actions();
        Walk.paths(actions, p -> {
            String reserved = Walk.reservedWord(p);
            if (reserved != null) throw ExprErrors.invalid(PARAMETER, "Attribute name is a reserved keyword; reserved keyword: " + reserved);
        });
        for (UpdateAction a : actions) {
            if (a instanceof UpdateAction.Set s) {
                Walk.operand(s.value(), o -> {
                    if (o instanceof Operand.FunctionCall f && !FUNCTIONS.contains(f.name())) {
                        throw ExprErrors.invalid(PARAMETER, "Invalid function name; function: " + f.name());
                    }
                });
            }
        }
        for (UpdateAction a : actions) {
            if (a instanceof UpdateAction.Set s) {
                Walk.operand(s.value(), o -> {
                    // Observed on DynamoDB: list_append(list_append(...), ...) is refused.
                    if (o instanceof Operand.FunctionCall f && f.name().equals("list_append")) {
                        for (Operand arg : f.args()) {
                            if (arg instanceof Operand.FunctionCall g && g.name().equals("list_append")) {
                                throw ConditionCompiler.misuse(PARAMETER, g.name());
                            }
                        }
                    }
                });
            }
        }
        if (parsed.repeatedClause() != null) {
            throw ExprErrors.invalid(PARAMETER, "The \"" + parsed.repeatedClause() + "\" section can only be used once in an update expression;");
        }
        Resolver.Missing missing = new Resolver.Missing();
        List<UpdateAction> resolved = new ArrayList<>(actions.size());
        for (UpdateAction a : actions) resolved.add(resolver.action(a, missing));
        if (missing.name != null) throw ExprErrors.invalid(PARAMETER, missing.name);
        if (missing.value != null) throw ExprErrors.invalid(PARAMETER, missing.value);
        List<DocumentPath> targets = new ArrayList<>();
        for (UpdateAction a : resolved) targets.add(a.path());
        PathOverlap.check(targets, PARAMETER);
        for (UpdateAction a : resolved) {
            if (a instanceof UpdateAction.Add add) checkOperator("ADD", add.value());
            if (a instanceof UpdateAction.Delete d) checkOperator("DELETE", d.value());
        }
        for (UpdateAction a : resolved) {
            if (a instanceof UpdateAction.Set s) Walk.operandPostOrder(s.value(), UpdateCompiler::checkFunction);
        }
        return resolved;
    }

    private static void checkOperator(String operator, Operand value) {
        AttributeValue v = ((Operand.Literal) value).value();
        boolean ok = Values.isSet(v) || (operator.equals("ADD") && v instanceof AttributeValue.N);
        if (!ok) {
            throw ExprErrors.invalid(PARAMETER, "Incorrect operand type for operator or function; operator: "
                    + operator + ", operand type: " + Values.longTypeName(v));
        }
    }

    private static void checkFunction(Operand o) {
        if (o instanceof Operand.FunctionCall f) {
            if (f.args().size() != 2) {
                throw ExprErrors.invalid(PARAMETER, "Incorrect number of operands for operator or function; operator or function: "
                        + f.name() + ", number of operands: " + f.args().size());
            }
            if (f.name().equals("if_not_exists")) {
                if (!(f.args().get(0) instanceof Operand.PathOperand)) {
                    throw ExprErrors.invalid(PARAMETER, "Operator or function requires a document path; operator or function: " + f.name());
                }
            } else {
                literalsOfType(f.name(), f.args(), "L");
            }
        } else if (o instanceof Operand.Arithmetic a) {
            literalsOfType(String.valueOf(a.op()), List.of(a.left(), a.right()), "N");
        }
    }

    private static void literalsOfType(String function, List<Operand> args, String type) {
        for (Operand arg : args) {
            if (arg instanceof Operand.Literal l && !l.value().type().equals(type)) {
                throw ConditionCompiler.incorrectType(PARAMETER, function, l.value().type());
            }
        }
    }
}
