package io.corrigo.server.plugin;

import java.util.List;

/**
 * A plugin as the host sees it.
 *
 * @param id          plugin id
 * @param version     plugin version
 * @param provider    who made it
 * @param description what it is
 * @param requires    the API versions it requires
 * @param state       PF4J state (STARTED, DISABLED, FAILED, ...)
 * @param factories   the factories it offers, as {@code kind:factoryId}
 * @param error       why it failed to load or start, or {@code null}
 * @param sha256      hex SHA-256 of its plugin file, or {@code null} (an unpacked directory, a file that did not load)
 * @param signedBy    the subject of the certificate that signed the file (marked "(not trusted)" when it is not in
 *                    the platform's trust store), or {@code null} when unsigned
 */
public record PluginInfo(String id, String version, String provider, String description, String requires,
                         String state, List<String> factories, String error, String sha256, String signedBy) {
}
