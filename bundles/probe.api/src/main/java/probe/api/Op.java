package probe.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/**
 * Declares a DS component to be the op of that name: {@code @Component(service = ProbeOp.class)
 * @Op(Ops.CLICK)} gives the service the property {@code probe.op=gui.click}, which the transport
 * tracks. What the op takes is its description, declared once beside it in its bundle
 * ({@link OpDescription#location}, such as {@code OSGI-INF/probe/ops/gui.click.json}): the transport
 * checks every request against it (an unknown key, a wrong type, a value out of range is
 * {@code gui.invalid_args}, before the op runs) and fills in the defaults.
 *
 * <p>{@link #args()} is for an older plugin without a description: the names it lists are the keys
 * the transport lets through (of any type, {@link OpDescription#undeclared}); an op with a
 * description needs no {@code args}, and its description wins when it has both.
 */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Op {
    /** The name of the service property that carries the op's name. */
    String NAME = "probe.op";

    /** Makes the value's property name {@code probe.op} (the type's name, as for a single-element annotation) and args' {@code probe.args}. */
    String PREFIX_ = "probe.";

    /** The name of the service property that carries the accepted argument names. */
    String ARGS = "probe.args";

    /**
     * The {@link #args()} of an op that takes no argument. An empty array cannot say so: DS
     * gives a component no property for it, and no property means nothing was declared.
     */
    String NONE = "-";

    /** The op's name on the wire, such as {@code gui.screenshot}. */
    String value();

    /**
     * For an op without a description (an older plugin): the names of the arguments it
     * reads, or {@link #NONE} for an op that takes none. The default declares nothing: the service
     * gets no {@value #ARGS} property and, without a description, the transport passes every key on,
     * as it did for every op before 1.1. An op with a description ({@link OpDescription}) leaves it out.
     */
    String[] args() default {};
}
