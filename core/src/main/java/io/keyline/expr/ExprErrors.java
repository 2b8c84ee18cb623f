package io.keyline.expr;

import io.keyline.error.ApiException;
import io.keyline.error.Errors;

/**
 * DynamoDB's texts for expression errors. An error found while parsing or validating one
 * expression is prefixed with {@code Invalid <ParameterName>: }; errors found while evaluating
 * against an item carry no prefix. Stateless.
 */
final class ExprErrors {
    private ExprErrors() {}

    static final String MISSING_ATTRIBUTE = "The provided expression refers to an attribute that does not exist in the item";
    static final String INVALID_PATH_FOR_UPDATE = "The document path provided in the update expression is invalid for update";
    static final String INCORRECT_OPERAND_TYPE = "An operand in the update expression has an incorrect data type";
    static final String NUMBER_OVERFLOW = "Number overflow. Attempting to store a number with magnitude larger than supported range";
    static final String NUMBER_UNDERFLOW = "Number underflow. Attempting to store a number with magnitude smaller than supported range";

    static ApiException invalid(String parameter, String message) {
        return Errors.validation("Invalid " + parameter + ": " + message);
    }

    static ApiException validation(String message) {
        return Errors.validation(message);
    }
}
