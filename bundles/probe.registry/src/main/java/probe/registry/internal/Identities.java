package probe.registry.internal;

import java.awt.Component;
import java.awt.Window;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The derived identifiers the registry gave, kept for as long as their component shows
 * (docs/IDENTIFIERS.md, "How stable"): a component that showed in the last walk answers to the
 * identifier it had there, whatever its window's title, its tooltip, its text or its place among
 * its siblings did since; one that no longer shows is forgotten, so a window built again is named
 * afresh, by the rules, as after a restart.
 *
 * <p>Each walk of the showing windows ({@link Scan}) reads what the last one left and leaves what it
 * gave. Components are held weakly: a window disposed between two walks is not kept alive by its
 * old name. Touched on the event dispatch thread only, like everything Swing.
 */
final class Identities {
    /** The derived identifier of each control and window the last walk listed. */
    private Map<Component, String> given = new WeakHashMap<>();
    /** The scene each window of the last walk had: its controls' first part, kept while it shows. */
    private Map<Window, String> scenes = new WeakHashMap<>();

    /** The identifier {@code c} had in the last walk, or null. */
    String held(Component c) {
        return given.get(c);
    }

    /** The scene {@code w} had in the last walk, or null. */
    String scene(Window w) {
        return scenes.get(w);
    }

    /** What this walk gave: it replaces the last one's, so what did not show in it is forgotten. */
    void keep(Map<Component, String> identifiers, Map<Window, String> windowScenes) {
        Map<Component, String> g = new WeakHashMap<>(identifiers);
        Map<Window, String> s = new WeakHashMap<>(windowScenes);
        given = g;
        scenes = s;
    }

    /**
     * The identifier a showing component was given in the last walk, when it still shows: the
     * registry answers {@code identifierOf} with it without walking the windows again.
     */
    String ifStillShowing(Component c) {
        String id = given.get(c);
        return id != null && c.isShowing() ? id : null;
    }
}
