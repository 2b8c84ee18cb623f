package io.keyline.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code keyline}: parses the command line and runs the chosen subcommand. */
@Command(name = "keyline",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = {"A database that speaks the Amazon DynamoDB API and keeps DynamoDB's rules.", ""},
        subcommands = {ServeCommand.class, CheckCommand.class, TopCommand.class, SimulateCommand.class, CommandLine.HelpCommand.class},
        footer = {"", "Run 'keyline serve --help' for the server's options."})
public final class Keyline implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** Netty's system property for its buffer leak detector (see {@link #main}). */
    static final String LEAK_DETECTION_PROPERTY = "io.netty.leakDetection.level";

    public static void main(String[] args) {
        // Netty samples buffer allocations for leaks by default, creating a stack-trace Throwable
        // per sampled buffer: about 1% of a served GetItem's CPU in a profile. The test suites keep
        // it on to catch leaks; a running server turns it off unless the user asks for it.
        if (System.getProperty(LEAK_DETECTION_PROPERTY) == null) System.setProperty(LEAK_DETECTION_PROPERTY, "disabled");
        System.exit(commandLine().execute(args));
    }

    /** The configured command line, for tests and for main. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Keyline());
        cli.setExecutionExceptionHandler((e, command, parsed) -> {
            if (e instanceof ServeCommand.StartupException) {
                command.getErr().println("keyline: " + e.getMessage());
                return 1;
            }
            throw e;
        });
        return cli;
    }

    /** Without a subcommand: show the usage, as a first-time user needs it. */
    @Override public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
