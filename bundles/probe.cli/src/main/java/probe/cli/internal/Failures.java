package probe.cli.internal;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;
import probe.api.ErrorCodes;
import probe.client.ProbeClientException;
import probe.client.ProbeOpException;
import probe.client.format.Phrases;
import probe.client.ProbePeerException;
import probe.client.ProbeTimeoutException;
import probe.client.ProbeUnavailableException;

/**
 * Turns what a command threw into a message on stderr and the contract's exit code: 1 for a probe
 * error (and for client-side failures, with a {@code client.*} code), 3 when no probe answers.
 * Messages never contain what was sent: it may be a password typed with {@code gui.type}.
 */
final class Failures implements IExecutionExceptionHandler {
    static final int PROBE_ERROR = 1;
    /** Bad usage: a wrong command line, found before anything was sent, or arguments the op refused as not going together. */
    static final int USAGE = 2;
    static final int NO_PROBE = 3;

    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, ParseResult parsed) {
        HvmDbg root = (HvmDbg) cl.getCommandSpec().root().userObject();
        return report(ex, cl.getErr(), root.globals.json, root.globals.tokenFile != null);
    }

    /**
     * Prints what went wrong on {@code err} and returns the exit code.
     *
     * @param json whether {@code --json} was given (an error's details are printed too)
     * @param tokenGiven whether {@code --token-file} was given (else {@code auth.required} gets a hint)
     */
    static int report(Exception ex, PrintWriter err, boolean json, boolean tokenGiven) {
        if (ex instanceof ProbeUnavailableException) {
            ProbeUnavailableException e = (ProbeUnavailableException) ex;
            err.println(e.getMessage() + ": " + e.hint());
            return NO_PROBE;
        }
        if (ex instanceof ProbeOpException) {
            ProbeOpException e = (ProbeOpException) ex;
            // In the words every front end uses: the nearest names, the candidates, what blocks the control.
            err.println("error " + Phrases.error(e.code(), e.getMessage(), e.details()));
            if (json && e.details() != null) {
                err.println(Invocation.compact(e.details()));
            }
            if (ErrorCodes.AUTH_REQUIRED.equals(e.code()) && !tokenGiven) {
                err.println("hint: this probe wants a token: pass --token-file FILE (the file the GUI's tokenFile names)");
            }
            return PROBE_ERROR;
        }
        if (ex instanceof CliException) {
            err.println("error " + ((CliException) ex).code + ": " + ex.getMessage());
            return PROBE_ERROR;
        }
        if (ex instanceof ProbePeerException) {
            err.println("error client.foreign_peer: " + ex.getMessage());
            return PROBE_ERROR;
        }
        if (ex instanceof ProbeTimeoutException) {
            err.println("error client.timeout: " + ex.getMessage() + " (a slow op may need a longer --timeout)");
            return PROBE_ERROR;
        }
        if (ex instanceof ProbeClientException || ex instanceof java.io.IOException) {
            err.println("error client.io: " + ex.getMessage());
            return PROBE_ERROR;
        }
        err.println("error client.internal: " + ex);
        ex.printStackTrace(err);
        return PROBE_ERROR;
    }
}
