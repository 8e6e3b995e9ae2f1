package probe.api.swing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The text a person reads of a label, button or tooltip: markup dropped, padding trimmed. */
class ShownTest {

    @Test
    void htmlReadsAsTheTextAPersonSees() {
        assertEquals("Up One Level", Shown.readable("<html>Up One Level</html>"));
        assertEquals("Save the plan to a file (Ctrl+S)",
                Shown.readable("<HTML><body><b>Save</b> the plan<br>to a <i>file</i> (Ctrl+S)</body></HTML>"));
        assertEquals("Fish & chips < 5 € \"quoted\" it's", Shown.readable("<html>Fish &amp; chips&nbsp;&lt; 5 &euro; &quot;quoted&quot; it&#39;s"));
        assertEquals("A → B", Shown.readable("<html>A &#x2192; B"));
        assertEquals("Title text", Shown.readable("<html><head><style>p { color: red }</style></head><p>Title</p><p>text</p></html>"));
        assertNull(Shown.readable("<html><br></html>"), "markup alone reads as nothing");
    }

    @Test
    void plainTextIsTrimmedAndOtherwiseKept() {
        assertEquals("Name", Shown.readable(" Name "));
        assertEquals("Name:", Shown.readable("\tName:\n"));
        assertEquals("a  b", Shown.readable("a  b"), "inside, plain text is as the app wrote it");
        assertEquals("<b>not html</b>", Shown.readable("<b>not html</b>"), "Swing renders markup only after <html>");
        assertEquals("&amp;", Shown.readable("&amp;"));
        assertNull(Shown.readable("   "));
        assertNull(Shown.readable(null));
    }
}
