/** The embedding model the host offers every plugin and the engine: the built-in one (in-process, offline) or a plugin's embedder. */
package io.corrigo.server.embedding;
