package io.keyline.protocol.shape;

import io.keyline.protocol.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DynamoDB's request shapes, read once from {@code io/keyline/protocol/dynamodb-shapes.json}
 * (written by {@code scripts/service-model} from the AWS service model): each operation's input
 * shape and every shape it reaches, linked into a graph of {@link Shape}s. Immutable once built;
 * {@link #dynamoDb()} is a lazily built singleton shared by all threads.
 */
public final class ShapeModel {
    static final String RESOURCE = "/io/keyline/protocol/dynamodb-shapes.json";

    private final String source;
    private final Map<String, Shape> inputs;
    private final Map<String, Shape> shapes;

    private ShapeModel(String source, Map<String, Shape> inputs, Map<String, Shape> shapes) {
        this.source = source;
        this.inputs = inputs;
        this.shapes = shapes;
    }

    private static final class Holder {
        static final ShapeModel INSTANCE = load();
    }

    /** The model in core's resources, loaded on first use. */
    public static ShapeModel dynamoDb() { return Holder.INSTANCE; }

    /** Which model release the resource came from (its {@code source} line). */
    public String source() { return source; }

    /** The input shape of {@code operation}, or null if the model has no such operation. */
    public Shape input(String operation) { return inputs.get(operation); }

    /** A shape by its model name, or null. */
    public Shape shape(String name) { return shapes.get(name); }

    /** The operations the resource describes. */
    public Set<String> operations() { return inputs.keySet(); }

    private static ShapeModel load() {
        try (InputStream in = ShapeModel.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("missing resource " + RESOURCE);
            return build(Json.parse(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    static ShapeModel build(Object parsed) {
        Map<String, Object> doc = (Map<String, Object>) parsed;
        Map<String, Object> rawShapes = (Map<String, Object>) doc.get("shapes");
        Map<String, Shape> shapes = new HashMap<>();
        rawShapes.forEach((name, raw) -> {
            Map<String, Object> s = (Map<String, Object>) raw;
            List<String> modelEnum = (List<String>) s.get("enum");
            shapes.put(name, RecordedConstraints.of(new Shape(name, Shape.Type.of((String) s.get("type")),
                    (BigDecimal) s.get("min"), (BigDecimal) s.get("max"), (String) s.get("pattern"),
                    EnumOrder.of(name, modelEnum))));
        });
        rawShapes.forEach((name, raw) -> link(shapes.get(name), (Map<String, Object>) raw, shapes));
        markConstrained(shapes.values());
        Map<String, Shape> inputs = new LinkedHashMap<>();
        ((Map<String, Object>) doc.get("operations")).forEach((op, input) -> {
            if (input != null) inputs.put(op, resolve(shapes, (String) input));
        });
        return new ShapeModel((String) doc.get("source"), Map.copyOf(inputs), Map.copyOf(shapes));
    }

    @SuppressWarnings("unchecked")
    private static void link(Shape shape, Map<String, Object> raw, Map<String, Shape> shapes) {
        switch (shape.type()) {
            case STRUCTURE -> {
                List<List<String>> members = (List<List<String>>) raw.getOrDefault("members", List.of());
                String[] names = new String[members.size()];
                Shape[] targets = new Shape[members.size()];
                for (int i = 0; i < names.length; i++) {
                    names[i] = members.get(i).get(0);
                    targets[i] = resolve(shapes, members.get(i).get(1));
                }
                Set<String> required = new HashSet<>((List<String>) raw.getOrDefault("required", List.of()));
                shape.linkMembers(names, targets, required);
            }
            case LIST -> shape.member = resolve(shapes, (String) raw.get("member"));
            case MAP -> {
                shape.key = resolve(shapes, (String) raw.get("key"));
                shape.value = resolve(shapes, (String) raw.get("value"));
            }
            default -> { }
        }
    }

    /**
     * Sets {@link Shape#constrained}: own constraints or required members, or a constrained
     * member, element, key or value. Shapes refer to each other in cycles (AttributeValue holds
     * lists and maps of itself), so the flags are propagated until nothing changes.
     */
    private static void markConstrained(java.util.Collection<Shape> all) {
        for (Shape s : all) s.constrained = s.hasOwnConstraints() || s.hasRequired;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Shape s : all) {
                if (s.constrained) continue;
                boolean below = false;
                for (Shape m : s.memberShapes) below |= m.constrained;
                for (Shape c : new Shape[] {s.member, s.key, s.value}) below |= c != null && c.constrained;
                if (below) {
                    s.constrained = true;
                    changed = true;
                }
            }
        }
    }

    private static Shape resolve(Map<String, Shape> shapes, String name) {
        Shape s = shapes.get(name);
        if (s == null) throw new IllegalStateException("shape " + name + " is referenced but not defined in " + RESOURCE);
        return s;
    }
}
