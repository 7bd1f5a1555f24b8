/** What answers cost: prices per model, each run's tokens and cost, daily sums, and a tenant's monthly budget. */
package io.corrigo.server.cost;
