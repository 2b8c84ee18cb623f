package io.keyline.server.sigv4;

import io.keyline.error.Errors;
import java.util.ArrayList;
import java.util.List;

/**
 * The five parts of a SigV4 credential, {@code keyid/date/region/service/terminator}, checked as
 * DynamoDB checks them: first their number (IncompleteSignatureException), then region, service,
 * terminator and date together (one InvalidSignatureException naming every part that is wrong,
 * in that order). Texts as dynalite recorded them from DynamoDB (index.js, the comments after the
 * IncompleteSignatureException check). Immutable.
 *
 * <p>DynamoDB takes only the region of the endpoint called; Keyline serves every region from one
 * endpoint (a later step keeps their tables apart), so a region is valid if it has a region's
 * form: 1 to 64 letters, digits, dots, dashes or underscores. That admits AWS's names and the
 * made-up ones local setups use ({@code local}, {@code fakeRegion}) and keeps out what would
 * break an ARN ({@code :}). This bound is Keyline's own (inferred; docs/RULES.md#WIRE-SIGNATURE-FORM).
 */
public record CredentialScope(String accessKeyId, String date, String region, String service, String terminator) {
    static final String SERVICE = "dynamodb";
    static final String TERMINATOR = "aws4_request";

    /** Splits a credential; trailing slashes are ignored, as DynamoDB ignores them. */
    static CredentialScope parse(String credential) {
        String[] parts = credential.split("/");
        if (parts.length != 5) {
            throw Errors.incompleteSignature("Credential must have exactly 5 slash-delimited elements, "
                    + "e.g. keyid/date/region/service/term, got '" + credential + "'");
        }
        return new CredentialScope(parts[0], parts[1], parts[2], parts[3], parts[4]);
    }

    /**
     * Checks the scope against the request's time, {@code requestTime} in ISO-8601 basic format
     * ({@code 20130609T095204Z}); every failing part is named in one message.
     */
    void check(String requestTime) {
        check(requestTime, SERVICE);
    }

    /** As {@link #check(String)} for a request to {@code expectedService} (CloudWatch's: {@code monitoring}). */
    void check(String requestTime, String expectedService) {
        List<String> wrong = new ArrayList<>(4);
        if (!isRegion(region)) {
            wrong.add("Credential should be scoped to a valid region, not '" + region + "'.");
        }
        if (!service.equals(expectedService)) {
            wrong.add("Credential should be scoped to correct service: '" + expectedService + "'.");
        }
        if (!terminator.equals(TERMINATOR)) {
            wrong.add("Credential should be scoped with a valid terminator: '" + TERMINATOR + "', not '" + terminator + "'.");
        }
        String day = requestTime.substring(0, 8);
        if (!date.equals(day)) {
            wrong.add("Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '"
                    + date + "' != '" + day + "', from '" + requestTime + "'.");
        }
        if (!wrong.isEmpty()) throw Errors.invalidSignature(String.join(" ", wrong));
    }

    /** 1 to 64 letters, digits, dots, dashes or underscores ({@code [A-Za-z0-9._-]{1,64}}, without a Matcher per request). */
    static boolean isRegion(String region) {
        int n = region.length();
        if (n < 1 || n > 64) return false;
        for (int i = 0; i < n; i++) {
            char c = region.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_')) {
                return false;
            }
        }
        return true;
    }
}
