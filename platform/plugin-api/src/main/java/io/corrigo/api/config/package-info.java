/**
 * Typed settings of plugin factories: {@link io.corrigo.api.config.ConfigProperty} describes one setting (the
 * admin UI draws a form field from it), {@link io.corrigo.api.config.PluginConfig} holds validated values.
 */
package io.corrigo.api.config;
