package probe.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/**
 * Declares a DS component to be the op of that name: {@code @Component(service = ProbeOp.class)
 * @Op(value = Ops.CLICK, args = {"identifier", "button", "count"})} gives the service the
 * properties {@code probe.op=gui.click} and {@code probe.args=[identifier, button, count]}, which
 * the transport tracks. The transport refuses a request whose {@code args} hold a key the op did
 * not declare ({@code gui.invalid_args}, naming the nearest accepted key), before the op runs, so
 * a misspelt argument is never silently ignored.
 */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Op {
    /** The name of the service property that carries the op's name. */
    String NAME = "probe.op";

    /** Makes the value's property name {@code probe.op} (the type's name, as for a single-element annotation) and args' {@code probe.args}. */
    String PREFIX_ = "probe.";

    /** The name of the service property that carries the accepted argument names (since 1.1). */
    String ARGS = "probe.args";

    /**
     * The {@link #args()} of an op that takes no argument. An empty array cannot say so: DS
     * gives a component no property for it, and no property means nothing was declared.
     */
    String NONE = "-";

    /** The op's name on the wire, such as {@code gui.screenshot}. */
    String value();

    /**
     * The names of the arguments the op reads (since 1.1), or {@link #NONE} for an op that takes
     * none. The default declares nothing: the service gets no {@value #ARGS} property and the
     * transport passes every key on, as it did for every op before 1.1.
     */
    String[] args() default {};
}
