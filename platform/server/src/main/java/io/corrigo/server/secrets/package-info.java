/**
 * Secret plugin settings at rest: {@link io.corrigo.server.secrets.SecretBox} encrypts them with AES-GCM under a
 * master key from the environment, and marks what it encrypted so that stored plaintext from older versions is
 * recognised and encrypted on start.
 */
package io.corrigo.server.secrets;
