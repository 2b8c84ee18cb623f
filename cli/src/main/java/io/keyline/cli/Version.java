package io.keyline.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** {@code keyline --version}: the project version Maven wrote into keyline-version.properties. */
public final class Version implements IVersionProvider {
    @Override public String[] getVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("/keyline-version.properties")) {
            if (in != null) p.load(in);
        }
        return new String[] {"keyline " + p.getProperty("version", "(unknown version)")};
    }
}
