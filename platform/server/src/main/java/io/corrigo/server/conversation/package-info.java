/**
 * Conversations: the turns of a thread per tenant (question as asked, its standalone form, the answer, the run), so
 * that a follow-up is condensed against what came before. Who may continue a thread is stored with it: any admin of
 * the tenant for threads started through the admin API, only the key and visitor token that started it for the widget's.
 */
package io.corrigo.server.conversation;
