/* Fixed twin of contract-comm-dup-nesting.c: every rank frees its first duplicate before it
 * makes the second one. A single event per MPI_Comm_dup call matters here: were the call reported
 * twice (by its entry and as a collective), its POST would see its own second report.
 * The rule file is the bug twin's.
 *
 * RANKFOLD-RUN: -np 2 --contracts %S/contract-comm-dup-nesting.contracts => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Comm lib, scratch, other;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_dup(MPI_COMM_WORLD, &lib);
    MPI_Comm_split(MPI_COMM_WORLD, 0, rank, &scratch);
    MPI_Comm_free(&scratch);
    MPI_Comm_free(&lib);
    MPI_Comm_dup(MPI_COMM_WORLD, &other);
    MPI_Barrier(other);
    MPI_Comm_free(&other);
    printf("rank %d done\n", rank);
    MPI_Finalize();
    return 0;
}
