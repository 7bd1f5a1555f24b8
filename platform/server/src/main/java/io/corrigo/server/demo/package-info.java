/** The demo tenant, created on first start with the benchmark corpus, so a new user has something to ask. */
package io.corrigo.server.demo;
