/* Missing MPI_Finalize: the ranks exit(0) after printing the help text.
 * Arguments are parsed after MPI_Init; with --help, rank 0 prints the usage and every rank
 * calls exit(0) without MPI_Finalize. A process that called MPI_Init must call MPI_Finalize
 * before it exits, even when it has nothing to do.
 *
 * RANKFOLD-RUN: -np 2 -- --help => usage:missing-finalize states=0 transitions=0 executions=1 revisits=0
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
        exit(0); /* ERROR */
    }
    if (argc > 1) steps = atoi(argv[1]);
    MPI_Allreduce(&steps, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("%d steps in all\n", total);
    MPI_Finalize();
    return 0;
}
