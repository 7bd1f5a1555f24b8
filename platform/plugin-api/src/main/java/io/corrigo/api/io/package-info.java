/**
 * Reading what comes from outside — a web page, an object in a bucket, a search API's answer, a file — with a byte
 * limit enforced <em>while</em> reading and a deadline, so that an endless or enormous response costs a plugin at most
 * its limit and never the host's memory.
 *
 * @since 1.8.0
 */
package io.corrigo.api.io;
