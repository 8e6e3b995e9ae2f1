package probe.cli.mcp;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.Map;

/**
 * The SDK's schema validator, for a server (or a client) that checks arguments in its own code:
 * everything passes. The SDK's default validator (networknt's, with YAML) loads some 700 classes
 * and every JSON Schema meta-schema at start-up, which cost {@code hvm-dbg mcp} most of a second
 * before it could answer {@code initialize}; {@link ToolArgs} checks the same things (names, types,
 * ranges, what goes together) and answers the model with the accepted names. The schemas are still
 * published with every tool.
 */
public final class Unvalidated implements JsonSchemaValidator {
    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
        return ValidationResponse.asValid(null);
    }
}
