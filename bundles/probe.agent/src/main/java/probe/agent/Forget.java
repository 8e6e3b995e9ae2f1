package probe.agent;

/**
 * A record of the agent's own, whose methods' bootstrap replaces what the JDK remembers of the probe's
 * records ({@code Agent.forgetRecordTypes}). A class of its own, not nested: a copy of it is defined by a
 * loader that sees only the JDK, and a nested class's copy would look for its outer class there.
 */
record Forget(Forget next) {
}
