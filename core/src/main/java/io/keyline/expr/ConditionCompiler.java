package io.keyline.expr;

import io.keyline.error.ApiException;
import io.keyline.expr.ConditionNode.Comparator;
import io.keyline.model.AttributeValue;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a parsed ConditionExpression (or FilterExpression) into a resolved, validated tree,
 * running DynamoDB's checks in DynamoDB's order: redundant parentheses, unknown functions,
 * functions used in the wrong place, reserved words, then for each primitive condition in text
 * order: undefined references, operand counts, identical operands and operand types known
 * before evaluation. Stateless.
 */
final class ConditionCompiler {
    private ConditionCompiler() {}

    /** Functions that are conditions by themselves, with their operand counts. */
    static final Map<String, Integer> BOOLEAN_FUNCTIONS = Map.of(
            "attribute_exists", 1, "attribute_not_exists", 1, "attribute_type", 2, "begins_with", 2, "contains", 2);
    static final Set<String> UPDATE_FUNCTIONS = Set.of("if_not_exists", "list_append");
    static final String TYPE_NAMES = "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}";
    static final Set<String> TYPES = Set.of("S", "N", "B", "SS", "NS", "BS", "BOOL", "NULL", "L", "M");

    static ConditionNode compile(ConditionParser.Result parsed, Resolver resolver, String parameter) {
        ConditionNode root = parsed.root();
        if (parsed.redundantParentheses()) throw ExprErrors.invalid(parameter, "The expression has redundant parentheses;");
        Walk.operands(root, o -> {
            if (o instanceof Operand.FunctionCall f && !f.name().equals("size")
                    && !BOOLEAN_FUNCTIONS.containsKey(f.name()) && !UPDATE_FUNCTIONS.contains(f.name())) {
                throw ExprErrors.invalid(parameter, "Invalid function name; function: " + f.name());
            }
        });
        String misused = misusedFunction(root);
        if (misused != null) throw misuse(parameter, misused);
        Walk.operands(root, o -> {
            if (o instanceof Operand.PathOperand p && Walk.reservedWord(p.path()) != null) {
                throw ExprErrors.invalid(parameter, "Attribute name is a reserved keyword; reserved keyword: " + Walk.reservedWord(p.path()));
            }
        });
        return resolveAndCheck(root, resolver, parameter);
    }

    /**
     * Resolves each primitive condition in text order and checks it at once: undefined
     * references, operand counts, identical operands, then operand types. The first primitive
     * condition with any of these errors is the one DynamoDB reports.
     */
    private static ConditionNode resolveAndCheck(ConditionNode n, Resolver resolver, String parameter) {
        if (n instanceof ConditionNode.And a) {
            ConditionNode left = resolveAndCheck(a.left(), resolver, parameter);
            return new ConditionNode.And(left, resolveAndCheck(a.right(), resolver, parameter));
        }
        if (n instanceof ConditionNode.Or o) {
            ConditionNode left = resolveAndCheck(o.left(), resolver, parameter);
            return new ConditionNode.Or(left, resolveAndCheck(o.right(), resolver, parameter));
        }
        if (n instanceof ConditionNode.Not x) return new ConditionNode.Not(resolveAndCheck(x.operand(), resolver, parameter));
        Resolver.Missing missing = new Resolver.Missing();
        ConditionNode resolved = resolver.condition(n, missing);
        if (missing.first != null) throw ExprErrors.invalid(parameter, missing.first);
        for (Operand o : Walk.topOperands(resolved)) {
            Walk.operandPostOrder(o, x -> {
                if (x instanceof Operand.FunctionCall f) checkOperandCount(f, parameter);
            });
        }
        checkDistinct(resolved, parameter);
        checkTypes(resolved, parameter);
        return resolved;
    }

    static ApiException misuse(String parameter, String function) {
        return ExprErrors.invalid(parameter, "The function is not allowed to be used this way in an expression; function: " + function);
    }

    /** The first function used where it cannot be: only size() yields a value; only boolean functions are conditions. */
    private static String misusedFunction(ConditionNode n) {
        if (n instanceof ConditionNode.And a) return first(misusedFunction(a.left()), misusedFunction(a.right()));
        if (n instanceof ConditionNode.Or o) return first(misusedFunction(o.left()), misusedFunction(o.right()));
        if (n instanceof ConditionNode.Not x) return misusedFunction(x.operand());
        if (n instanceof ConditionNode.FunctionCondition f) {
            String inArgs = misusedInArgs(f.call());
            if (inArgs != null) return inArgs;
            return BOOLEAN_FUNCTIONS.containsKey(f.call().name()) ? null : f.call().name();
        }
        if (n instanceof ConditionNode.Comparison c) return first(misusedValue(c.left()), misusedValue(c.right()));
        if (n instanceof ConditionNode.Between b) return first(misusedValue(b.value()), first(misusedValue(b.low()), misusedValue(b.high())));
        if (n instanceof ConditionNode.In in) {
            String found = misusedValue(in.value());
            for (Operand o : in.candidates()) found = first(found, misusedValue(o));
            return found;
        }
        return null;
    }

    private static String misusedValue(Operand o) {
        if (!(o instanceof Operand.FunctionCall f)) return null;
        String inArgs = misusedInArgs(f);
        if (inArgs != null) return inArgs;
        return f.name().equals("size") ? null : f.name();
    }

    private static String misusedInArgs(Operand.FunctionCall f) {
        for (Operand a : f.args()) {
            String m = misusedValue(a);
            if (m != null) return m;
        }
        return null;
    }

    private static String first(String a, String b) { return a != null ? a : b; }

    private static void checkOperandCount(Operand.FunctionCall f, String parameter) {
        int expected = f.name().equals("size") ? 1 : BOOLEAN_FUNCTIONS.get(f.name());
        if (f.args().size() != expected) {
            throw ExprErrors.invalid(parameter, "Incorrect number of operands for operator or function; operator or function: "
                    + f.name() + ", number of operands: " + f.args().size());
        }
    }

    private static void checkDistinct(ConditionNode n, String parameter) {
        if (n instanceof ConditionNode.And a) { checkDistinct(a.left(), parameter); checkDistinct(a.right(), parameter); return; }
        if (n instanceof ConditionNode.Or o) { checkDistinct(o.left(), parameter); checkDistinct(o.right(), parameter); return; }
        if (n instanceof ConditionNode.Not x) { checkDistinct(x.operand(), parameter); return; }
        if (n instanceof ConditionNode.Comparison c) distinct(c.op().symbol, c.left(), c.right(), parameter);
        if (n instanceof ConditionNode.FunctionCondition f && f.call().args().size() == 2) {
            distinct(f.call().name(), f.call().args().get(0), f.call().args().get(1), parameter);
        }
    }

    private static void distinct(String operator, Operand a, Operand b, String parameter) {
        if (a instanceof Operand.PathOperand x && b instanceof Operand.PathOperand y && x.path().equals(y.path())) {
            throw ExprErrors.invalid(parameter, "The first operand must be distinct from the remaining operands for this operator or function; operator: "
                    + operator + ", first operand: " + x.path().render());
        }
    }

    /** The type an operand is known to have before evaluation: literals and size(). */
    static String staticType(Operand o) {
        if (o instanceof Operand.Literal l) return l.value().type();
        if (o instanceof Operand.FunctionCall f && f.name().equals("size")) return "N";
        return null;
    }

    private static void checkTypes(ConditionNode n, String parameter) {
        for (Operand o : Walk.topOperands(n)) {
            Walk.operandPostOrder(o, x -> {
                if (x instanceof Operand.FunctionCall f) checkFunction(f, parameter);
            });
        }
        checkNodeTypes(n, parameter);
    }

    private static void checkNodeTypes(ConditionNode n, String parameter) {
        if (n instanceof ConditionNode.And a) { checkNodeTypes(a.left(), parameter); checkNodeTypes(a.right(), parameter); }
        else if (n instanceof ConditionNode.Or o) { checkNodeTypes(o.left(), parameter); checkNodeTypes(o.right(), parameter); }
        else if (n instanceof ConditionNode.Not x) checkNodeTypes(x.operand(), parameter);
        else if (n instanceof ConditionNode.Comparison c && c.op() != Comparator.EQ && c.op() != Comparator.NE) {
            orderedOperand(c.op().symbol, c.left(), parameter);
            orderedOperand(c.op().symbol, c.right(), parameter);
        } else if (n instanceof ConditionNode.Between b) {
            orderedOperand("BETWEEN", b.value(), parameter);
            orderedOperand("BETWEEN", b.low(), parameter);
            orderedOperand("BETWEEN", b.high(), parameter);
            if (b.low() instanceof Operand.Literal lo && b.high() instanceof Operand.Literal hi) {
                checkBounds(lo.value(), hi.value(), parameter);
            }
        }
    }

    static void checkBounds(AttributeValue lo, AttributeValue hi, String parameter) {
        String bounds = "lower bound operand: AttributeValue: " + Values.render(lo) + ", upper bound operand: AttributeValue: " + Values.render(hi);
        if (!lo.type().equals(hi.type())) {
            throw ExprErrors.invalid(parameter, "The BETWEEN operator requires same data type for lower and upper bounds; " + bounds);
        }
        if (Values.compare(lo, hi) > 0) {
            throw ExprErrors.invalid(parameter, "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; " + bounds);
        }
    }

    private static void orderedOperand(String operator, Operand o, String parameter) {
        String type = staticType(o);
        if (type != null && !type.equals("S") && !type.equals("N") && !type.equals("B")) {
            throw incorrectType(parameter, operator, type);
        }
    }

    static ApiException incorrectType(String parameter, String function, String type) {
        return ExprErrors.invalid(parameter, "Incorrect operand type for operator or function; operator or function: "
                + function + ", operand type: " + type);
    }

    private static void checkFunction(Operand.FunctionCall f, String parameter) {
        List<Operand> args = f.args();
        switch (f.name()) {
            case "attribute_exists":
            case "attribute_not_exists":
                if (!(args.get(0) instanceof Operand.PathOperand)) {
                    throw ExprErrors.invalid(parameter, "Operator or function requires a document path; operator or function: " + f.name());
                }
                break;
            case "begins_with":
                for (Operand a : args) {
                    String t = staticType(a);
                    if (t != null && !t.equals("S") && !t.equals("B")) throw incorrectType(parameter, f.name(), t);
                }
                break;
            case "attribute_type": {
                String t = staticType(args.get(1));
                if (!"S".equals(t)) throw incorrectType(parameter, f.name(), t == null ? "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}" : t);
                String name = ((AttributeValue.S) ((Operand.Literal) args.get(1)).value()).value();
                if (!TYPES.contains(name)) {
                    throw ExprErrors.invalid(parameter, "Invalid attribute type name found; type: " + name + ", valid types: " + TYPE_NAMES);
                }
                break;
            }
            case "size": {
                String t = staticType(args.get(0));
                if (t != null && (t.equals("N") || t.equals("BOOL") || t.equals("NULL"))) throw incorrectType(parameter, f.name(), t);
                break;
            }
            default:
                break;
        }
    }
}
