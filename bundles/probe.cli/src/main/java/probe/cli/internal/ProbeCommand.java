package probe.cli.internal;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import probe.client.ProbeClient;

/**
 * A command that talks to the probe: connects with the shared options, runs, closes. {@code hello},
 * {@code call} and {@code describe} extend this and implement {@link #run} (the verbs of {@code gui}
 * are {@link GuiLine}'s); failures are thrown and turned into messages and exit codes in one place
 * ({@link Failures}). {@link HvmDbg} runs {@link #execute} for the commands it builds in code;
 * picocli calls {@link #call} for an annotated one.
 */
abstract class ProbeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() throws Exception {
        HvmDbg root = (HvmDbg) spec.root().userObject();
        CommandLine cl = spec.commandLine();
        Integer done = offline(cl);
        if (done != null) {
            return done;
        }
        try {
            return execute(root.globals.shared(cl.getOut(), cl.getErr(), root.stdin));
        } catch (UsageException e) {
            throw new ParameterException(cl, e.getMessage());
        }
    }

    /** Checks, connects (and authenticates), runs, closes. */
    final int execute(Shared s) throws Exception {
        check();
        try (ProbeClient client = connect(s)) {
            return run(new Invocation(client, s));
        }
    }

    /** A client connected to the socket of {@code s} and authenticated with its token file, if it names one. */
    static ProbeClient connect(Shared s) throws UsageException {
        String token = s.tokenFile == null ? null : Token.read(s.tokenFile);
        ProbeClient client = ProbeClient.connect(Globals.socketPath(s.socket), s.timeout);
        if (token != null) {
            try {
                client.authenticate(token);
            } catch (RuntimeException e) {
                client.close();
                throw e;
            }
        }
        return client;
    }

    /**
     * The command's work when it needs no probe (as its options say), with its exit code; null when
     * it talks to the probe ({@link #run}).
     */
    Integer offline(CommandLine cl) {
        return null;
    }

    /**
     * Checks what picocli cannot (options that go together, values in range) before anything is
     * sent; throws a {@link UsageException} (exit 2) when the usage is wrong.
     */
    void check() throws UsageException {
    }

    /** The command's work; returns the exit code (0), or throws. */
    abstract int run(Invocation inv) throws Exception;
}
