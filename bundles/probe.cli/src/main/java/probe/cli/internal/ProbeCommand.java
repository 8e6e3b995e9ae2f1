package probe.cli.internal;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import probe.cli.client.ProbeClient;

/**
 * A command that talks to the probe: connects with the shared options, runs, closes. A new verb
 * extends this and implements {@link #run}; failures are thrown and turned into messages and exit
 * codes in one place ({@link Failures}).
 */
abstract class ProbeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() throws Exception {
        HvmDbg root = (HvmDbg) spec.root().userObject();
        check();
        String token = root.tokenFile == null ? null : Token.read(root.tokenFile, spec.commandLine());
        try (ProbeClient client = ProbeClient.connect(root.socketPath(), root.timeout)) {
            if (token != null) {
                client.authenticate(token);
            }
            return run(new Invocation(client, spec.commandLine(), root));
        }
    }

    /**
     * Checks what picocli cannot (options that go together, values in range) before anything is
     * sent; throws a {@link picocli.CommandLine.ParameterException} (exit 2) when the usage is wrong.
     */
    void check() {
    }

    /** The command's work; returns the exit code (0), or throws. */
    abstract int run(Invocation inv) throws Exception;
}
