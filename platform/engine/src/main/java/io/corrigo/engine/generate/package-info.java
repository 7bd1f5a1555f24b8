/** Step 6: answering from the refined context, or abstaining when nothing relevant survived. */
package io.corrigo.engine.generate;
