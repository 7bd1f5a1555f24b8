package io.corrigo.server.run;

import java.util.List;

/** One page of the run log, newest first. */
public record RunPage(List<RunView> items, int page, int size, long total) {
}
