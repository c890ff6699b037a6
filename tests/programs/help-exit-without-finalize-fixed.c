/* Missing MPI_Finalize, fixed: the ranks finalise MPI before they exit after the help text.
 * Arguments are parsed after MPI_Init; with --help, rank 0 prints the usage and every rank
 * calls MPI_Finalize before exit(0).
 *
 * RANKFOLD-RUN: -np 2 -- --help => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 -- 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv) {
    int rank, steps = 1, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc > 1 && strcmp(argv[1], "--help") == 0) {
        if (rank == 0) printf("usage: %s [steps]\n", "help-exit-without-finalize");
        MPI_Finalize();
        exit(0);
    }
    if (argc > 1) steps = atoi(argv[1]);
    MPI_Allreduce(&steps, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("%d steps in all\n", total);
    MPI_Finalize();
    return 0;
}
