package io.keyline.server.tls;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.TrustManagerFactory;

/**
 * A throwaway certificate authority and a server certificate it signed (for {@code localhost}
 * and {@code 127.0.0.1}), made in a test's directory by the JDK's keytool, and written as the PEM
 * files {@code --tls-cert} and {@code --tls-key} take. Nothing outside the directory is touched.
 */
public record TestCertificates(Path chain, Path key, Path caCertificate) {
    private static final String PASS = "test-only";

    public static TestCertificates make(Path dir) throws Exception {
        Path ca = dir.resolve("ca.p12"), server = dir.resolve("server.p12");
        keytool(dir, "-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=Keyline Test CA",
                "-ext", "bc:c", "-validity", "2", "-keystore", ca.toString(), "-storetype", "PKCS12", "-storepass", PASS);
        keytool(dir, "-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
                "-validity", "2", "-keystore", server.toString(), "-storetype", "PKCS12", "-storepass", PASS);
        keytool(dir, "-certreq", "-alias", "server", "-keystore", server.toString(), "-storepass", PASS,
                "-file", dir.resolve("server.csr").toString());
        keytool(dir, "-gencert", "-alias", "ca", "-keystore", ca.toString(), "-storepass", PASS, "-infile", dir.resolve("server.csr").toString(),
                "-outfile", dir.resolve("server.crt").toString(), "-rfc", "-ext", "san=dns:localhost,ip:127.0.0.1", "-validity", "2");
        keytool(dir, "-exportcert", "-alias", "ca", "-keystore", ca.toString(), "-storepass", PASS, "-rfc",
                "-file", dir.resolve("ca.crt").toString());
        Path chain = dir.resolve("chain.pem");
        Files.writeString(chain, Files.readString(dir.resolve("server.crt")) + Files.readString(dir.resolve("ca.crt")));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = new FileInputStream(server.toFile())) {
            ks.load(in, PASS.toCharArray());
        }
        Path key = dir.resolve("key.pem");
        PrivateKey pk = (PrivateKey) ks.getKey("server", PASS.toCharArray());
        Files.writeString(key, "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(pk.getEncoded())
                + "\n-----END PRIVATE KEY-----\n");
        return new TestCertificates(chain, key, dir.resolve("ca.crt"));
    }

    /** Trust managers that trust this CA only. */
    public TrustManagerFactory trust() throws Exception {
        KeyStore ts = KeyStore.getInstance("PKCS12");
        ts.load(null, null);
        List<Certificate> certs = new ArrayList<>();
        try (InputStream in = Files.newInputStream(caCertificate)) {
            certs.addAll(CertificateFactory.getInstance("X.509").generateCertificates(in));
        }
        ts.setCertificateEntry("ca", certs.get(0));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ts);
        return tmf;
    }

    private static void keytool(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IOException("keytool " + args[0] + " failed: " + out);
    }
}
