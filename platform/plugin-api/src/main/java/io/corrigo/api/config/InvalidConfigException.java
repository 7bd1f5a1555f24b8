package io.corrigo.api.config;

import java.util.List;

/** Thrown when settings do not match a factory's {@link ConfigProperty} list; lists every problem found. */
public class InvalidConfigException extends IllegalArgumentException {

    private final List<String> problems;

    public InvalidConfigException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    /** One message per problem, e.g. {@code "topK: must be at most 100, was 500"}. */
    public List<String> problems() {
        return problems;
    }
}
