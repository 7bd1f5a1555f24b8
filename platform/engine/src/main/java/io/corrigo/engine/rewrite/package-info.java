/**
 * Question rewriting, shared by the web search fallback (search keywords) and the critique loop (a question for
 * re-retrieval): the tenant's rewriter plugin with the keyword rewriter as its fallback.
 */
package io.corrigo.engine.rewrite;
