package io.keyline.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code keyline}: parses the command line and runs the chosen subcommand. */
@Command(name = "keyline",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = {"A database that speaks the Amazon DynamoDB API and keeps DynamoDB's rules.", ""},
        subcommands = {ServeCommand.class, CommandLine.HelpCommand.class},
        footer = {"", "Run 'keyline serve --help' for the server's options."})
public final class Keyline implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
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
