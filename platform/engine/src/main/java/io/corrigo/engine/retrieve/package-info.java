/** Step 2: asking the tenant's retriever for the top-k passages, surviving its failures. */
package io.corrigo.engine.retrieve;
