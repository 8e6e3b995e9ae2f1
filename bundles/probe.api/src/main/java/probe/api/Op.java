package probe.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/**
 * Declares a DS component to be the op of that name: {@code @Component(service = ProbeOp.class)
 * @Op("gui.click")} gives the service the property {@code probe.op=gui.click}, which the
 * transport tracks.
 */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Op {
    /** The name of the service property that carries the op's name. */
    String NAME = "probe.op";

    /** Makes the single element's property name {@code probe.op}. */
    String PREFIX_ = "probe.";

    /** The op's name on the wire, such as {@code gui.screenshot}. */
    String value();
}
