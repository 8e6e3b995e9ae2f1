package probe.cli.internal;

import probe.cli.ops.CompiledDescriptions;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import probe.api.DescriptionJson;
import probe.api.ErrorCodes;
import probe.api.Nearest;
import probe.api.OpDescription;
import probe.api.OpDescription.Arg;
import probe.client.DescriptionCache;
import probe.client.ProbeClient;
import probe.client.ProbeOpException;
import probe.client.ProbeUnavailableException;
import probe.client.line.OpOptions;

/**
 * {@code hvm-dbg gui VERB [OPTIONS]}: every op as a verb, its options read by {@link OpOptions} from
 * the op's description, the one parser of the verbs' options. The descriptions are the running GUI's
 * ({@link DescriptionCache}: {@code probe.describe}, kept under the hash its hello gives), so an op installed
 * into the GUI is a verb at once and an op's newer bundle decides its options; the descriptions
 * hvm-dbg is built with ({@link CompiledDescriptions}) serve only when no GUI answers: help, completion, and a line
 * checked before hvm-dbg says why nothing answers. What the command line adds to an op (a file to
 * write, an exit code, a loop) is its {@link GuiVerb}.
 */
final class GuiLine {
    static final String NAME = "gui";
    /** What a usage error ends with: where the verb's whole help is. */
    static final String TRY = "Try 'hvm-dbg gui %s --help' for more information.";

    private GuiLine() {
    }

    /** The compiled-in verbs, by verb. */
    static Map<String, OpDescription> known() {
        Map<String, OpDescription> m = new TreeMap<>();
        for (OpDescription d : CompiledDescriptions.all()) {
            if (!d.connection()) {
                m.put(d.verb(), d);
            }
        }
        return m;
    }

    /**
     * The compiled-in op whose verb is {@code verb}, or null. Most ops are named {@code gui.VERB}: that
     * one description is read first, so that a line checked without a GUI reads one file, not all of them.
     */
    static OpDescription knownVerb(String verb) {
        OpDescription d = CompiledDescriptions.of("gui." + verb).orElse(null);
        if (d != null && d.verb().equals(verb) && !d.connection()) {
            return d;
        }
        return known().get(verb);
    }

    /** The verbs of the ops a running probe describes, by verb ({@link DescriptionCache}: kept under the hash its hello gives). */
    static Map<String, OpDescription> described(DescriptionCache served) {
        Map<String, OpDescription> m = new TreeMap<>();
        for (OpDescription d : served.all().values()) {
            if (!d.connection()) {
                m.putIfAbsent(d.verb(), d);
            }
        }
        return m;
    }

    /**
     * Up to two verbs of {@code all} near {@code wanted}, nearest first: near the verb itself, the op's
     * name, or what follows the last dot of either, so that {@code noop} finds the verb of a plugin's
     * {@code acme.noop} (an op without a description has its name as its verb), and {@code demo.echo}
     * its verb {@code echo}.
     */
    static List<String> nearVerbs(String wanted, Map<String, OpDescription> all) {
        Map<String, Integer> best = new TreeMap<>();
        for (Map.Entry<String, OpDescription> e : all.entrySet()) {
            String v = e.getKey();
            for (String c : List.of(v, afterDot(v), e.getValue().op(), afterDot(e.getValue().op()))) {
                Integer d = Nearest.distances(wanted, List.of(c)).get(c);
                if (d != null) {
                    best.merge(v, d, Math::min);
                }
            }
        }
        return best.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .limit(2).map(Map.Entry::getKey).collect(java.util.stream.Collectors.toList());
    }

    private static String afterDot(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /**
     * Runs {@code gui} and what follows it ({@code words}), hvm-dbg's own options ({@code g}) read
     * before it already; returns the exit code.
     */
    static int run(Globals g, List<String> words, InputStream stdin, PrintWriter out, PrintWriter err) {
        int i = 0;
        try {
            while (i < words.size() && words.get(i).startsWith("-")) {
                String w = words.get(i);
                if (w.equals("--help") || w.equals("-h")) {
                    return verbs(g, out, err);
                }
                if (!Globals.names(w)) {
                    throw new UsageException("Unknown option: '" + w + "'");
                }
                i = g.take(words, i);
            }
        } catch (UsageException e) {
            err.println(e.getMessage());
            err.println("Try 'hvm-dbg gui --help' for the verbs.");
            return Failures.USAGE;
        }
        if (i == words.size()) {
            return verbs(g, out, err);
        }
        String verb = words.get(i);
        List<String> rest = words.subList(i + 1, words.size());
        // The running GUI's description of the verb, the one source (asked where hvm-dbg's own options,
        // wherever they stand on the line, say; the line is read in full once it is known).
        Shared s = Globals.peek(g, rest).shared(out, err, stdin);
        ProbeClient client = null;
        try {
            client = ProbeCommand.connect(s);
            DescriptionCache served = DescriptionCache.of(client);
            OpDescription d = served.byVerb(verb);
            if (d == null) {
                Map<String, OpDescription> theirs = described(served);
                List<String> near = nearVerbs(verb, theirs);
                err.println("'" + verb + "' is no verb of the GUI's ops"
                        + (near.isEmpty() ? "" : "; did you mean " + String.join(" or ", near) + "?"));
                err.println("Verbs: " + String.join(", ", theirs.keySet()) + ". Try 'hvm-dbg gui --help' for more.");
                // An op the GUI refuses for its malformed description has no verb: it may be the one meant.
                for (JsonNode u : served.unavailable()) {
                    String op = u.path("op").asText();
                    if (Nearest.near(verb, op) || Nearest.near(verb, afterDot(op))) {
                        err.println("The GUI refuses its op " + op + ": " + u.path("reason").asText());
                    }
                }
                client.close();
                return Failures.USAGE;
            }
            return run(g, d, client, rest, stdin, out, err);
        } catch (ProbeUnavailableException e) {
            // No GUI answers: the description hvm-dbg is built with reads the line (its help, a usage
            // error: exit 2); a line it takes is then answered with why no GUI answers (exit 3).
            OpDescription offline = knownVerb(verb);
            if (offline != null) {
                return run(g, offline, null, rest, stdin, out, err);
            }
            err.println("'" + verb + "' is no verb hvm-dbg knows (" + String.join(", ", known().keySet())
                    + "), and no GUI answers to say whether one of its ops is:");
            return Failures.report(e, err, s.json, s.tokenFile != null);
        } catch (Exception e) {
            if (client != null) {
                client.close();
            }
            return Failures.report(e, err, s.json, s.tokenFile != null);
        }
    }

    /**
     * One verb: its words parsed from its description (hvm-dbg's own options taken out wherever
     * they stand, and the verb's own, its {@link GuiVerb#extras}), checked as the probe will, then
     * run on {@code client} (connected already when the description came from it; closed here).
     */
    private static int run(Globals g, OpDescription d, ProbeClient client, List<String> words, InputStream stdin, PrintWriter out,
            PrintWriter err) {
        GuiVerb verb = GuiVerb.of(d);
        List<String> opWords = new ArrayList<>();
        Map<String, String> extras = new LinkedHashMap<>();
        Shared s = null;
        try {
            try {
                boolean help = false;
                for (int i = 0; i < words.size();) {
                    String w = words.get(i);
                    if (w.equals("--help") || w.equals("-h")) {
                        help = true;
                        i++;
                    } else if (Globals.names(w)) {
                        i = g.take(words, i);
                    } else if (verb.extra(w) != null) {
                        i = take(verb.extra(w), words, i, extras);
                    } else if (OpOptions.takesValue(d, w) && i + 1 < words.size()) {
                        opWords.add(w);
                        opWords.add(words.get(i + 1));
                        i += 2;
                    } else {
                        opWords.add(w);
                        i++;
                    }
                }
                if (help) {
                    out.print(help(d, verb));
                    out.flush();
                    close(client);
                    return 0;
                }
                s = g.shared(out, err, stdin);
                OpOptions.Parsed p = OpOptions.parse(d, opWords);
                ObjectNode args = p.args();
                verb.adjust(args, extras);
                if (p.fromStdin() != null) {
                    args.put(p.fromStdin(), Stdin.readText(stdin, d.arg(p.fromStdin()).map(Arg::optionName).orElse("--" + p.fromStdin())
                            + OpOptions.STDIN, args.path("identifier").asText("the focused control")));
                }
                OpOptions.check(d, args);
                verb.check(extras);
                if (client == null) {
                    client = ProbeCommand.connect(s);
                }
                return verb.run(new Invocation(client, s), d, args, extras);
            } catch (OpOptions.UsageException e) {
                throw new UsageException(e.getMessage());
            }
        } catch (UsageException e) {
            err.println(Redacting.redact(e.getMessage(), words, secrets(d)));
            err.println(String.format(TRY, d.verb()));
            return Failures.USAGE;
        } catch (ProbeOpException e) {
            if (ErrorCodes.INVALID_ARGS.equals(e.code())) {
                // Refused by the op for what its description cannot say (arguments that go together): bad usage.
                err.println("error " + e.code() + ": " + e.getMessage());
                err.println(String.format(TRY, d.verb()));
                return Failures.USAGE;
            }
            return Failures.report(e, err, s != null ? s.json : g.json, g.tokenFile != null);
        } catch (Exception e) {
            return Failures.report(e, err, s != null ? s.json : g.json, g.tokenFile != null);
        } finally {
            close(client);
        }
    }

    private static void close(ProbeClient client) {
        if (client != null) {
            client.close();
        }
    }

    /** Takes a verb's own option at {@code words[i]} into {@code extras} (by its main name); the index after it. */
    private static int take(GuiVerb.Extra x, List<String> words, int i, Map<String, String> extras) throws UsageException {
        String w = words.get(i);
        int eq = w.indexOf('=');
        String value = w.startsWith("--") && eq > 0 ? w.substring(eq + 1) : null;
        if (extras.containsKey(x.name())) {
            throw new UsageException(x.name() + " is given twice");
        }
        if (x.label() == null) {
            if (value != null) {
                throw new UsageException(x.name() + " takes no value");
            }
            extras.put(x.name(), "");
            return i + 1;
        }
        if (value == null) {
            if (i + 1 >= words.size()) {
                throw new UsageException(x.name() + " needs a value: " + x.label());
            }
            value = words.get(++i);
        }
        extras.put(x.name(), value);
        return i + 1;
    }

    /** The options of the secret arguments: their values are cut out of any message. */
    static List<String> secrets(OpDescription d) {
        List<String> out = new ArrayList<>();
        for (Arg a : d.args()) {
            if (a.secret()) {
                out.add(a.optionName());
            }
        }
        return out;
    }

    /** {@code hvm-dbg gui VERB --help}: the description's help, then the verb's own options and hvm-dbg's. */
    static String help(OpDescription d, GuiVerb verb) {
        String usage = "hvm-dbg gui " + d.verb() + verb.usage();
        StringBuilder b = new StringBuilder(OpOptions.help(d, usage));
        if (!verb.extras().isEmpty()) {
            b.append("Options of hvm-dbg gui ").append(d.verb()).append(":\n");
            for (GuiVerb.Extra x : verb.extras()) {
                String left = (x.alias() == null ? "" : x.alias() + ", ") + x.name() + (x.label() == null ? "" : " " + x.label());
                b.append("  ").append(left).append("  ").append(x.help()).append('\n');
            }
        }
        if (verb.note(d) != null) {
            b.append(verb.note(d)).append('\n');
        }
        b.append("hvm-dbg's own options (before or after the verb): --socket PATH, --pid PID, --json, --timeout SECONDS, --token-file FILE;"
                + " see hvm-dbg --help.\n");
        return b.toString();
    }

    /**
     * {@code hvm-dbg gui} alone: the verbs with their titles, those of the running GUI's ops, or, when
     * no GUI answers, those hvm-dbg is built with.
     */
    static int verbs(Globals g, PrintWriter out, PrintWriter err) {
        Map<String, OpDescription> all;
        String more = null;
        Shared s = g.shared(out, err, InputStream.nullInputStream());
        try (ProbeClient client = ProbeCommand.connect(s)) {
            all = described(DescriptionCache.of(client));
        } catch (ProbeUnavailableException e) {
            all = known();
            more = "(no GUI answers: these are the verbs hvm-dbg is built with; its op bundles may add more)";
        } catch (Exception e) {
            all = known();
            more = "(the GUI's verbs are not listed: " + e.getMessage() + "; these are the verbs hvm-dbg is built with)";
        }
        out.println("Usage: hvm-dbg gui VERB [OPTIONS]   (hvm-dbg gui VERB --help for a verb's options)");
        out.println("Verbs:");
        int width = all.keySet().stream().mapToInt(String::length).max().orElse(0);
        for (OpDescription d : all.values()) {
            String title = d.title() != null ? d.title() : d.summary() != null ? d.summary() : d.op();
            out.println("  " + d.verb() + " ".repeat(width - d.verb().length() + 2) + title);
        }
        if (more != null) {
            out.println(more);
        }
        out.flush();
        return 0;
    }

    /**
     * What may come at the word being typed on {@code hvm-dbg gui ...} ({@code before}: the words
     * after {@code gui}, {@code word}: what is typed so far): a verb, else the verb's options and
     * their choices, from the description, hvm-dbg's own options too.
     */
    static List<String> complete(Globals g, List<String> before, String word) {
        List<String> verbWords = new ArrayList<>();
        String verb = null;
        for (int i = 0; i < before.size(); i++) {
            String w = before.get(i);
            if (verb == null && (w.equals(Globals.SOCKET) || w.equals(Globals.TIMEOUT) || w.equals(Globals.TOKEN_FILE))) {
                i++;
            } else if (verb == null && !w.startsWith("-")) {
                verb = w;
            } else if (verb != null) {
                verbWords.add(w);
            }
        }
        List<String> out = new ArrayList<>();
        Map<String, OpDescription> all;
        try (ProbeClient client = ProbeCommand.connect(g.shared(null, null, InputStream.nullInputStream()))) {
            all = described(DescriptionCache.of(client));
        } catch (Exception e) {
            all = known(); // no GUI: the verbs hvm-dbg is built with
        }
        if (verb == null) {
            all.keySet().stream().filter(v -> v.startsWith(word)).forEach(out::add);
            return out;
        }
        OpDescription d = all.get(verb);
        if (d == null) {
            return out;
        }
        GuiVerb v = GuiVerb.of(d);
        String last = verbWords.isEmpty() ? null : verbWords.get(verbWords.size() - 1);
        if (last != null && v.extra(last) != null && v.extra(last).label() != null) {
            return out;
        }
        out.addAll(OpOptions.complete(d, verbWords, word));
        if (last == null || !OpOptions.takesValue(d, last)) {
            for (GuiVerb.Extra x : v.extras()) {
                if (x.name().startsWith(word) && !verbWords.contains(x.name())) {
                    out.add(x.name());
                }
            }
        }
        return out;
    }
}
