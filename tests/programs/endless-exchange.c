/* An exchange that never ends and never offers a choice: ranks 0 and 1 pass a counter back and
 * forth with blocking MPI_Send and MPI_Recv (each receive names its sender) for ever. The
 * closure runs it without reaching a choice point, so --time-limit must stop the run between
 * the closure's steps; the run reports the limit (exit status 3).
 *
 * RANKFOLD-RUN: -np 2 --single-run --time-limit 2 => limit
 * RANKFOLD-RUN: -np 2 --seed 1 --time-limit 2 => limit
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, value = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (;;) {
        if (rank == 0) {
            MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
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
