/** What every REST endpoint shares: the error body and the mapping of exceptions to HTTP statuses. */
package io.corrigo.server.web;
