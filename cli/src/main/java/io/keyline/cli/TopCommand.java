package io.keyline.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code keyline top}: a running server's essentials in the terminal, refreshed every interval:
 * per table and GSI the units consumed and available, throttles by reason, the hottest partition
 * and key, and a diagnosis line when a table throttles below a fifth of its provisioned capacity.
 * It reads the server's {@code GET /admin/top} ({@link TopView} renders it). On a terminal each
 * refresh clears the screen and redraws; otherwise (a pipe, a file) the refreshes follow one
 * another as plain blocks. Runs on the calling thread until interrupted, or once with {@code --once}.
 */
@Command(name = "top", mixinStandardHelpOptions = true,
        description = {"Show a running server's tables and GSIs: consumed vs available units, throttles by reason, "
                + "the hottest partition and key, refreshed every interval (reads GET /admin/top)."})
final class TopCommand implements Callable<Integer> {
    /** ANSI: cursor home, clear the screen. */
    static final String CLEAR = "\033[H\033[2J";
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--endpoint", paramLabel = "URL", defaultValue = "http://localhost:8000",
            description = {"The Keyline server to watch.", "Default: ${DEFAULT-VALUE}."})
    URI endpoint;

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "1s", converter = DurationConverter.class,
            description = "Time between refreshes (500ms, 2s, 1m). Default: ${DEFAULT-VALUE}.")
    Duration interval;

    @Option(names = "--region", paramLabel = "REGION",
            description = "The region whose tables to show (the server keeps each region's apart). Default: the server's default region.")
    String region;

    @Option(names = "--once", description = "Print one refresh and exit (exit code 1 if the server cannot be read).")
    boolean once;

    /** Whether stdout is a terminal (clear and redraw, colours); tests set it. */
    boolean terminal = System.console() != null;

    @Override public Integer call() throws InterruptedException {
        validate();
        PrintWriter out = spec.commandLine().getOut();
        HttpClient http = HttpClient.newBuilder().connectTimeout(REQUEST_TIMEOUT).build();
        URI page = endpoint.resolve("/admin/top" + (region == null ? "" : "?region=" + URLEncoder.encode(region, StandardCharsets.UTF_8)));
        while (true) {
            String frame;
            boolean ok = true;
            try {
                frame = TopView.render(fetch(http, page), endpoint.toString(), terminal);
            } catch (IOException | RuntimeException e) {
                ok = false;
                frame = "keyline top: cannot read " + page + ": " + reason(e) + "\n";
            }
            if (once) {
                (ok ? out : spec.commandLine().getErr()).print(frame);
                out.flush();
                spec.commandLine().getErr().flush();
                return ok ? 0 : 1;
            }
            out.print(terminal ? CLEAR + frame : frame + "\n");
            out.flush();
            Thread.sleep(interval.toMillis());
        }
    }

    private void validate() {
        if (interval.isZero()) throw new CommandLine.ParameterException(spec.commandLine(), "--interval must be more than 0");
        String scheme = endpoint.getScheme() == null ? "" : endpoint.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || endpoint.getHost() == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--endpoint must be an http:// or https:// URL with a host, e.g. http://localhost:8000");
        }
    }

    private static Map<String, Object> fetch(HttpClient http, URI page) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(page).timeout(REQUEST_TIMEOUT).GET();
        // A server with --auth enforce asks for an access key: the one in the environment, as the AWS CLI takes it.
        String key = System.getenv("AWS_ACCESS_KEY_ID"), secret = System.getenv("AWS_SECRET_ACCESS_KEY");
        if (key != null && secret != null) {
            request.header("Authorization", "Basic " + java.util.Base64.getEncoder()
                    .encodeToString((key + ":" + secret).getBytes(StandardCharsets.UTF_8)));
        }
        HttpResponse<byte[]> r = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() == 401) {
            throw new IOException("HTTP 401: the server verifies credentials; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY to a key of its --credentials file");
        }
        if (r.statusCode() != 200) {
            throw new IOException("HTTP " + r.statusCode() + (r.statusCode() == 404 ? " (a server without /admin/top: older, or not Keyline)" : ""));
        }
        return TopDocument.parse(r.body());
    }

    private static String reason(Exception e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }
}
