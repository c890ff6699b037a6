/* MPI_Comm_idup is a nonblocking collective: rank 0 first receives a synchronous message from
 * every other rank, and only then starts its MPI_Comm_idup; the others start theirs, then send,
 * then wait. Were the duplication blocking, rank 0 and the senders would wait for each other.
 * The copy is used for an MPI_Allreduce once every request is complete.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, token = 1, sum = 0;
    MPI_Comm copy;
    MPI_Request request;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (int peer = 1; peer < size; ++peer)
            MPI_Recv(&token, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Comm_idup(MPI_COMM_WORLD, &copy, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else {
        MPI_Comm_idup(MPI_COMM_WORLD, &copy, &request);
        MPI_Ssend(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    }
    MPI_Allreduce(&token, &sum, 1, MPI_INT, MPI_SUM, copy);
    printf("rank %d: sum over the copy %d\n", rank, sum);
    MPI_Comm_free(&copy);
    MPI_Finalize();
    return 0;
}
