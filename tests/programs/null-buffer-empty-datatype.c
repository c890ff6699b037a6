/* NULL buffers with a datatype that holds no data: nothing is read or written, so it is legal.
 * The datatype is an hindexed type whose blocks all have length zero (as MPICH's
 * hindexed-zeros test builds it); rank 0 sends two elements of it from NULL, rank 1 receives
 * two into NULL and counts what arrived.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, count = -1, lengths[2] = {0, 0};
    MPI_Aint disps[2] = {0, 64};
    MPI_Datatype nothing;
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_create_hindexed(2, lengths, disps, MPI_INT, &nothing);
    MPI_Type_commit(&nothing);
    if (rank == 0) {
        MPI_Send(NULL, 2, nothing, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Request request;
        MPI_Irecv(NULL, 2, nothing, 0, 0, MPI_COMM_WORLD, &request);
        MPI_Wait(&request, &status);
        MPI_Get_count(&status, MPI_INT, &count);
        printf("rank 1: received %d ints\n", count);
    }
    MPI_Type_free(&nothing);
    MPI_Finalize();
    return 0;
}
