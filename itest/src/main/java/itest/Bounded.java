package itest;

import java.io.IOException;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * Every integration test class carries this (ArchitectureIT checks it). The time limit itself is
 * JUnit's: itest.bndrun sets a default timeout for every test and lifecycle method and runs each in
 * a thread of its own (SEPARATE_THREAD), so a test stuck in a wait that no interrupt ends fails with
 * its name and the run goes on; a class or method that needs longer says so with {@code @Timeout}.
 * This extension adds what a timeout alone does not tell: where every thread of the JVM stood at
 * that moment (the stuck one is still there), written to {@code itest/target/thread-dumps/}, whose
 * files run/test names in its summary.
 */
public final class Bounded implements TestExecutionExceptionHandler, LifecycleMethodExecutionExceptionHandler {

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        throw dumpOnTimeout(context, t);
    }

    @Override
    public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        throw dumpOnTimeout(context, t);
    }

    @Override
    public void handleBeforeEachMethodExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        throw dumpOnTimeout(context, t);
    }

    @Override
    public void handleAfterEachMethodExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        throw dumpOnTimeout(context, t);
    }

    @Override
    public void handleAfterAllMethodExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        throw dumpOnTimeout(context, t);
    }

    /** The folder the dumps go to: under the project's itest/target when the run says where that is. */
    static Path dumps() {
        String root = System.getProperty("itest.project.root");
        return root != null ? Path.of(root, "itest", "target", "thread-dumps") : Path.of("target", "thread-dumps");
    }

    private static Throwable dumpOnTimeout(ExtensionContext context, Throwable t) {
        if (!(t instanceof TimeoutException)) {
            return t;
        }
        String name = context.getRequiredTestClass().getSimpleName() + context.getTestMethod().map(m -> "." + m.getName()).orElse("");
        try {
            Path file = dumps().resolve(name + ".txt");
            Files.createDirectories(file.getParent());
            Files.writeString(file, threadDump("timeout of " + context.getUniqueId() + ": " + t.getMessage()), StandardCharsets.UTF_8);
            TimeoutException named = new TimeoutException(t.getMessage() + "; every thread's stack at that moment: " + file);
            named.setStackTrace(t.getStackTrace());
            return named;
        } catch (IOException | RuntimeException e) {
            t.addSuppressed(e);
            return t;
        }
    }

    /** Every thread's whole stack with the locks it holds and waits for, as jstack prints it. */
    static String threadDump(String heading) {
        StringBuilder out = new StringBuilder(heading).append('\n').append(Instant.now()).append("\n\n");
        for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            out.append('"').append(info.getThreadName()).append("\" #").append(info.getThreadId())
                    .append(info.isDaemon() ? " daemon" : "").append(' ').append(info.getThreadState());
            if (info.getLockName() != null) {
                out.append(" on ").append(info.getLockName());
            }
            if (info.getLockOwnerName() != null) {
                out.append(" owned by \"").append(info.getLockOwnerName()).append("\" #").append(info.getLockOwnerId());
            }
            out.append('\n');
            StackTraceElement[] stack = info.getStackTrace();
            for (int i = 0; i < stack.length; i++) {
                out.append("\tat ").append(stack[i]).append('\n');
                for (MonitorInfo m : info.getLockedMonitors()) {
                    if (m.getLockedStackDepth() == i) {
                        out.append("\t- locked ").append(m).append('\n');
                    }
                }
            }
            for (LockInfo l : info.getLockedSynchronizers()) {
                out.append("\t- holds ").append(l).append('\n');
            }
            out.append('\n');
        }
        return out.toString();
    }
}
