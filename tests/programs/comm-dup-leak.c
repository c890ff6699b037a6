/* Resource leak: a communicator from MPI_Comm_dup that is never freed.
 * A library routine duplicates the caller's communicator so its messages cannot mix with the
 * caller's, sums over it, and returns without MPI_Comm_free. Every call leaks a communicator
 * (MPI implementations run out of context ids after a few thousand).
 * With --allow-leaks the leak is a warning and the run is ok.
 *
 * RANKFOLD-RUN: -np 2 => usage:resource-leak states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --allow-leaks => ok states=1 transitions=0 executions=1 revisits=0 warnings=2
 */
#include <mpi.h>
#include <stdio.h>

static int library_sum(int value, MPI_Comm comm) {
    MPI_Comm private_comm;
    int sum = 0;
    MPI_Comm_dup(comm, &private_comm); /* ERROR */
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, private_comm);
    return sum; /* the bug: private_comm is never freed */
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
