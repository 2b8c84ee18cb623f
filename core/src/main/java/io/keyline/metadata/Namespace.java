package io.keyline.metadata;

import java.util.Objects;

/**
 * Where a table lives: the account and region whose requests see it. Tables of two namespaces
 * are separate even when their names are equal, as DynamoDB Local keeps them by default (a
 * database per access key and region) and as DynamoDB does by account and region
 * (docs/RULES.md#NS-REGION). Keyline has no credentials yet, so the account is always the one
 * it reports; the region is the request's SigV4 credential scope, or the default region.
 *
 * <p>The namespace is also the ARN prefix of its tables ({@link #tableArn}), so a table's ARN
 * names its namespace ({@link #ofArn}). Neither part may contain {@code :} or {@code /} (the
 * server admits regions of {@code [A-Za-z0-9._-]} only). Immutable.
 */
public record Namespace(String account, String region) implements Comparable<Namespace> {
    private static final String ARN_PREFIX = "arn:aws:dynamodb:";

    public Namespace {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(region, "region");
        if (account.isEmpty() || region.isEmpty() || account.contains(":") || region.contains(":")
                || account.contains("/") || region.contains("/")) {
            throw new IllegalArgumentException("not a namespace: account '" + account + "', region '" + region + "'");
        }
    }

    /** The ARN of table {@code name} in this namespace: {@code arn:aws:dynamodb:REGION:ACCOUNT:table/NAME}. */
    public String tableArn(String name) { return ARN_PREFIX + region + ":" + account + ":table/" + name; }

    /** The namespace a DynamoDB ARN names (its region and account), or null if it is no DynamoDB ARN. */
    public static Namespace ofArn(String arn) {
        if (arn == null || !arn.startsWith(ARN_PREFIX)) return null;
        int regionEnd = arn.indexOf(':', ARN_PREFIX.length());
        int accountEnd = regionEnd < 0 ? -1 : arn.indexOf(':', regionEnd + 1);
        if (accountEnd < 0) return null;
        String region = arn.substring(ARN_PREFIX.length(), regionEnd);
        String account = arn.substring(regionEnd + 1, accountEnd);
        if (region.isEmpty() || account.isEmpty() || region.contains("/") || account.contains("/")) return null;
        return new Namespace(account, region);
    }

    /**
     * {@code arn}, a table or index ARN of this namespace, as the same resource's ARN in
     * {@code region}: what a request of that region is shown when regions share one namespace
     * ({@code --shared-db}). Unchanged if the region is this namespace's own.
     */
    public String arnInRegion(String arn, String region) {
        if (region.equals(this.region)) return arn;
        String own = ARN_PREFIX + this.region + ":";
        return arn.startsWith(own) ? ARN_PREFIX + region + ":" + arn.substring(own.length()) : arn;
    }

    /** Account first, then region: the order of the catalog's storage keys. */
    @Override public int compareTo(Namespace o) {
        int c = account.compareTo(o.account);
        return c != 0 ? c : region.compareTo(o.region);
    }

    @Override public String toString() { return region + "/" + account; }
}
