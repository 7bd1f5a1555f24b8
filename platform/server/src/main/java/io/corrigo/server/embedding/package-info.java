/** The embedding model the host offers every plugin and the engine: in-process, offline. */
package io.corrigo.server.embedding;
