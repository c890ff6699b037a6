/* Contract (user rule, arguments of local calls): rank 1 duplicates MPI_COMM_WORLD a second time
 * while its first duplicate is alive, which the rule in contract-comm-dup-nesting.contracts
 * forbids. Rank 0 frees its first duplicate (the variable `lib`) before the second; it frees
 * a handle variable of its own first (`scratch`), which must not count: the parameter map
 * compares the free's argument with the duplicate's `newcomm`.
 *
 * RANKFOLD-RUN: -np 2 --contracts %S/contract-comm-dup-nesting.contracts => contract states=0 transitions=0 executions=1 revisits=0
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
    if (rank == 0) MPI_Comm_free(&lib);
    MPI_Comm_dup(MPI_COMM_WORLD, &other); /* ERROR */
    MPI_Barrier(other);
    MPI_Comm_free(&other);
    if (rank == 1) MPI_Comm_free(&lib);
    printf("rank %d done\n", rank);
    MPI_Finalize();
    return 0;
}
