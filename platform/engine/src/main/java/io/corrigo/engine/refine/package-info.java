/**
 * Step 5: CRAG's knowledge refinement. Kept passages are decomposed into sentence strips, each strip is scored,
 * the relevant ones are kept within a token budget and recomposed, grouped by source, into the numbered context
 * the generator cites.
 */
package io.corrigo.engine.refine;
