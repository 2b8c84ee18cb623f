package io.keyline.op.control;

import io.keyline.op.request.Constraints;
import io.keyline.op.request.Names;
import io.keyline.engine.Tables;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.TableMetadata;
import io.keyline.error.Errors;
import io.keyline.op.request.Tag;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * DynamoDB's tagging rules (API_Tag, "Tagging restrictions" in the developer guide) and the
 * resolution of a ResourceArn to a table, shared by CreateTable and the three tag operations.
 * Stateless.
 */
public final class Tags {
    /** Source: API_Tag: Key is 1 to 128 Unicode characters. */
    public static final int MAX_KEY_LENGTH = 128;
    /** Source: API_Tag: Value is 0 to 256 Unicode characters. */
    public static final int MAX_VALUE_LENGTH = 256;
    /** Source: developer guide "Tagging restrictions": at most 50 tags per resource. */
    public static final int MAX_TAGS_PER_RESOURCE = 50;
    /** Source: API_TagResource: ResourceArn is 1 to 1283 characters. */
    public static final int MAX_ARN_LENGTH = 1283;
    /** Source: API_Tag: the pattern of keys and values (letters, separators, digits and _.:/=+-@). */
    public static final Pattern TAG_PATTERN = Pattern.compile("^([\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*)$");
    /** Source: "Tagging restrictions": the aws: prefix is reserved for AWS. */
    static final String RESERVED_PREFIX = "aws:";

    private Tags() {}

    /** A Tags list as a map, recording constraint violations under {@code path}. */
    public static Map<String, String> read(List<Tag> tags, String path, Constraints c) {
        Map<String, String> out = new LinkedHashMap<>();
        if (tags == null) return out;
        for (int i = 0; i < tags.size(); i++) {
            String p = path + "." + (i + 1) + ".member";
            Tag t = tags.get(i);
            if (!c.notNull(p, t)) continue;
            String key = t.key();
            String value = t.value();
            c.notNull(p + ".key", key);
            c.length(p + ".key", key, 1, MAX_KEY_LENGTH);
            c.pattern(p + ".key", key, TAG_PATTERN);
            c.notNull(p + ".value", value);
            c.length(p + ".value", value, 0, MAX_VALUE_LENGTH);
            c.pattern(p + ".value", value, TAG_PATTERN);
            if (key != null && value != null) out.put(key, value);
        }
        return out;
    }

    /** Rules that span tags: the reserved prefix and the per-resource count. */
    public static void checkSemantics(Map<String, String> added, int resultingCount) {
        for (String k : added.keySet()) {
            if (k.startsWith(RESERVED_PREFIX)) {
                throw Errors.validation(SchemaRules.INVALID + "Tag keys starting with 'aws:' are reserved for system use. Tag key: " + k);
            }
        }
        if (resultingCount > MAX_TAGS_PER_RESOURCE) {
            throw Errors.validation(SchemaRules.INVALID + "The number of tags on the resource would be " + resultingCount
                    + ", which exceeds the limit of " + MAX_TAGS_PER_RESOURCE + " tags per resource");
        }
    }

    /**
     * The table a ResourceArn names. Not an ARN, or not a DynamoDB table ARN: ValidationException;
     * an index or other sub-resource ARN: ValidationException (only tables and streams take tags);
     * an ARN of another region than the request's: ValidationException; a well-formed ARN of no
     * existing table: ResourceNotFoundException.
     */
    public static TableMetadata table(String arn, Tables tables) {
        if (!arn.startsWith("arn:")) {
            throw Errors.validation("Invalid TableArn: Invalid ResourceArn provided as input: ARNs must start with 'arn:': " + arn);
        }
        String[] parts = arn.split(":", 6);
        if (parts.length < 6 || !"dynamodb".equals(parts[2]) || !parts[5].startsWith("table/")) {
            throw Errors.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        String resource = parts[5].substring("table/".length());
        if (resource.contains("/")) {
            throw Errors.validation(SchemaRules.INVALID + "Invalid resource arn provided, only table or stream is accepted. "
                    + "Provided resource " + arn);
        }
        if (resource.length() < Names.MIN_NAME || resource.length() > Names.MAX_NAME
                || !Names.isName(resource)) {
            throw Errors.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        Namespace named = Namespace.ofArn(arn);
        if (named != null && !named.region().equals(tables.region())) {
            // a table of another region is not this region's to tag (docs/RULES.md#NS-ARN-REGION)
            throw Errors.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        TableMetadata t = tables.get(resource);
        if (t == null || !tables.shown(t).arn().equals(arn)) {
            throw Errors.resourceNotFound("Requested resource not found: ResourcArn: " + arn + " not found");
        }
        return t;
    }

    /** The ResourceArn member: required, 1 to 1283 characters. */
    public static void constrainArn(String arn, Constraints c) {
        c.notNull("resourceArn", arn);
        c.length("resourceArn", arn, 1, MAX_ARN_LENGTH);
    }
}
