package io.s3workload.workload.yaml;

import java.util.List;
import java.util.stream.Collectors;

/** A workload that cannot run, with every problem found (sorted by position), not just the first. */
public final class WorkloadException extends Exception {

    private final transient List<Problem> problems;

    public WorkloadException(List<Problem> problems) {
        super(problems.stream().sorted(Problem.BY_POSITION).map(Problem::toString)
                .collect(Collectors.joining("\n")), null, false, false);
        this.problems = problems.stream().sorted(Problem.BY_POSITION).toList();
    }

    public List<Problem> problems() {
        return problems;
    }
}
