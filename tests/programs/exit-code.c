/* Exit code: one rank gives up with exit(3) instead of finishing.
 * Ranks 0 and 1 exchange a value; rank 2 cannot find its (simulated) configuration and calls
 * exit(3) without MPI_Finalize, so the job fails with a non-zero exit code.
 *
 * RANKFOLD-RUN: -np 3 => exit states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => exit states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        v = 12;
        MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        const char* config = NULL; /* stands for a configuration lookup that failed */
        if (config == NULL) {
            fprintf(stderr, "rank %d: no configuration, giving up\n", rank);
            exit(3); /* ERROR */
        }
    }
    MPI_Finalize();
    return 0;
}
