package io.corrigo.api;

import org.pf4j.ExtensionPoint;

/**
 * The extension point through which a plugin offers a {@link Guardrail}. Implement {@link PluginFactory#create} and
 * the descriptive methods, and annotate the class with {@code @org.pf4j.Extension}; see {@link PluginFactory} for the
 * lifecycle.
 *
 * @since 1.6.0
 */
public interface GuardrailFactory extends PluginFactory<Guardrail>, ExtensionPoint {
}
