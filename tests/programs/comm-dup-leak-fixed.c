/* Resource leak, fixed: the library frees its duplicated communicator.
 * A library routine duplicates the caller's communicator so its messages cannot mix with the
 * caller's, sums over it, and frees it before returning.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int library_sum(int value, MPI_Comm comm) {
    MPI_Comm private_comm;
    int sum = 0;
    MPI_Comm_dup(comm, &private_comm);
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, private_comm);
    MPI_Comm_free(&private_comm);
    return sum;
}

int main(int argc, char** argv) {
    int rank, sum;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    sum = library_sum(rank + 1, MPI_COMM_WORLD);
    if (rank == 0) printf("sum %d\n", sum);
    MPI_Finalize();
    return 0;
}
