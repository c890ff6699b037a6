/* Title: the fixed twin of sendrecv-buffering: the first send is synchronous.
 * Rank 0 sends to rank 2 with a synchronous send before it tells rank 1 to go, so rank 2's
 * first wildcard receive can only take rank 0's message, whatever the buffering.
 *
 * RANKFOLD-RUN: -np 3 --buffering both => ok states=6 transitions=7 executions=1 revisits=2
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
int main(int argc, char** argv) {
    int rank, x = 1, y = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Ssend(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
        MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
        MPI_Status st;
        MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        int first = st.MPI_SOURCE;
        MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        assert(first == 0);
        printf("rank 2 first heard from rank %d\n", first);
    }
    MPI_Finalize();
    return 0;
}
