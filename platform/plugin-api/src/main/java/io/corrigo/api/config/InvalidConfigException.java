package io.corrigo.api.config;

import java.util.List;

/** Thrown when settings do not match a factory's {@link ConfigProperty} list; lists every problem found. */
public class InvalidConfigException extends IllegalArgumentException {

    private final List<ConfigProblem> details;

    /** Problems given as {@code "path: message"} lines. */
    public InvalidConfigException(List<String> problems) {
        this(problems.stream().map(ConfigProblem::parse).toList(), true);
    }

    /** ({@code records} only tells this constructor from the public one, whose list has the same erasure.) */
    private InvalidConfigException(List<ConfigProblem> details, boolean records) {
        super(String.join("; ", details.stream().map(ConfigProblem::toString).toList()));
        this.details = List.copyOf(details);
    }

    /**
     * The problems as records.
     *
     * @since 1.3.0
     */
    public static InvalidConfigException of(List<ConfigProblem> problems) {
        return new InvalidConfigException(problems, true);
    }

    /** One message per problem, e.g. {@code "topK: must be at most 100, was 500"}. */
    public List<String> problems() {
        return details.stream().map(ConfigProblem::toString).toList();
    }

    /**
     * One record per problem, with the setting's path apart from the message.
     *
     * @since 1.3.0
     */
    public List<ConfigProblem> details() {
        return details;
    }
}
