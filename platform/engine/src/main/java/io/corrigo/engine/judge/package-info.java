/** A pipeline's plugins as judges of answers made elsewhere, for the evaluation's offline measures. */
package io.corrigo.engine.judge;
