/**
 * Small text helpers shared by the host, the engine and plugins, so that a sentence or a word means the same
 * thing at index time and at query time.
 */
package io.corrigo.api.text;
