/* An exchange that never ends and never offers a choice: ranks 0 and 1 pass a counter back and
 * forth with blocking MPI_Send and MPI_Recv (each receive names its sender) for ever. The
 * closure runs it without reaching a choice point, so --time-limit must stop the run between
 * the closure's steps; the run reports the limit (exit status 3). The search stops there too:
 * before its first state (-np 2), and with "after-choice" after one (rank 0 first takes rank
 * 2's message with a wildcard receive, which is a choice point with one choice).
 *
 * RANKFOLD-RUN: -np 2 --single-run --time-limit 2 => limit
 * RANKFOLD-RUN: -np 2 --seed 1 --time-limit 2 => limit
 * RANKFOLD-RUN: -np 2 --time-limit 1 => limit states=0 transitions=0 executions=0 revisits=0
 * RANKFOLD-RUN: -np 3 --time-limit 1 -- after-choice => limit states=1 transitions=0 executions=0 revisits=0
 * RANKFOLD-RUN: -np 3 --time-limit 1 --no-state-matching -- after-choice => limit states=1 transitions=0 executions=0 revisits=0
 * RANKFOLD-RUN: -np 3 --time-limit 1 --ltl []<>p --prop p=passes@0>5 -- after-choice => limit
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int passes; /* rank 0's round trips, for the --ltl run's proposition */

int main(int argc, char** argv) {
    int rank, value = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc > 1 && strcmp(argv[1], "after-choice") == 0) {
        if (rank == 0)
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        else if (rank == 2)
            MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    for (;;) {
        if (rank == 0) {
            MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            ++passes;
        } else if (rank == 1) {
            MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            ++value;
            MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        } else {
            break;
        }
    }
    printf("rank %d: %d\n", rank, value);
    MPI_Finalize();
    return 0;
}
