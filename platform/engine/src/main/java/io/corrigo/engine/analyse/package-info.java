/** Step 1: the question embedded once, for retrieval, grading and refinement alike. */
package io.corrigo.engine.analyse;
