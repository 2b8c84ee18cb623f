package io.keyline.testing;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestInstancePreDestroyCallback;

/**
 * Closes what {@link TestStorage} opened for a test once its test instance is done: after each
 * test with JUnit's default lifecycle, after the class with {@code PER_CLASS}. Registered for
 * every test by JUnit's extension auto-detection (META-INF/services, enabled in core's test
 * resources' junit-platform.properties, which core's test-jar carries to other modules).
 */
public final class CloseTestResources implements TestInstancePreDestroyCallback {
    @Override public void preDestroyTestInstance(ExtensionContext context) throws Exception {
        TestStorage.closeAll();
    }
}
