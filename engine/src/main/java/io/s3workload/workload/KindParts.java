package io.s3workload.workload;

import java.util.ServiceLoader;

/**
 * Where each room finds a stage kind's part of its own: the loader its binder, the planner its shape, the engine its
 * runner, the reporters its text, the results its findings. Each room owns the interface it asks for (its role); one
 * table above every room ({@code io.s3workload.kinds.Kinds}, the only file that names every kind) answers, so that no
 * room names a kind's code and no import runs up the layers. The table is found once, through
 * {@link ServiceLoader} ({@code META-INF/services}), on the first question.
 */
public interface KindParts {

    /** {@code kind}'s part in {@code role}: its binder, shape, runner, text or findings. */
    <T> T part(StageKind kind, Class<T> role);

    /** {@code kind}'s part in {@code role}, from the table on the class path. */
    static <T> T of(StageKind kind, Class<T> role) {
        return Table.KINDS.part(kind, role);
    }

    /** The table, found on first use. */
    final class Table {

        private static final KindParts KINDS = ServiceLoader.load(KindParts.class, KindParts.class.getClassLoader())
                .findFirst().orElseThrow(() -> new IllegalStateException("no table of stage kinds on the class path"
                        + " (META-INF/services/" + KindParts.class.getName() + ")"));

        private Table() {
        }
    }
}
