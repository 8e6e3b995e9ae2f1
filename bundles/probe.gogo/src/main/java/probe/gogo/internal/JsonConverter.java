package probe.gogo.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.felix.service.command.Converter;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import probe.api.wire.Wire;

/**
 * Shows a JsonNode (what the gui:* commands return with --json) as JSON: indented when the shell
 * prints a command's result, on one line inside other output. Without it the shell would inspect
 * the node's bean properties.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = Converter.class, property = Converter.CONVERTER_CLASSES + "=com.fasterxml.jackson.databind.JsonNode")
public final class JsonConverter implements Converter {

    @Override
    public Object convert(Class<?> desiredType, Object in) {
        return null;
    }

    @Override
    public CharSequence format(Object target, int level, Converter escape) throws JsonProcessingException {
        if (!(target instanceof JsonNode)) {
            return null;
        }
        return level == INSPECT ? Wire.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(target)
                : Wire.mapper().writeValueAsString(target);
    }
}
