package io.s3workload.cli.terminal;

import java.io.Console;

/** Whether standard output is an interactive terminal (live progress is then rewritten in place). */
public final class Terminal {

    private Terminal() {
    }

    public static boolean isInteractive() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            // JDK 22+ returns a Console even when output is redirected; isTerminal() tells the difference.
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }
}
