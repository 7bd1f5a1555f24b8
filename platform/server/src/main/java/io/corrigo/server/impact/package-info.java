/** What a high-impact change affects (its blast radius), stated in the confirmation before an admin makes it. */
package io.corrigo.server.impact;
