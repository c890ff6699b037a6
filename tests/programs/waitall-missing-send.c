/* Waitall missing send: rank 0 waits for a request whose sender never sends.
 * Rank 0 posts a receive from every other rank and waits for all of them, then replies. Only
 * odd ranks send (the guard should be rank != 0), so MPI_Waitall never returns and every
 * rank waits for a reply that never comes.
 *
 * RANKFOLD-RUN: -np 3 => deadlock states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => deadlock states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, reply = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int vals[64];
        MPI_Request reqs[64];
        for (int r = 1; r < size; r++)
            MPI_Irecv(&vals[r], 1, MPI_INT, r, 0, MPI_COMM_WORLD, &reqs[r - 1]);
        MPI_Waitall(size - 1, reqs, MPI_STATUSES_IGNORE); /* ERROR */
        for (int r = 1; r < size; r++) MPI_Send(&vals[r], 1, MPI_INT, r, 1, MPI_COMM_WORLD);
    } else {
        if (rank % 2 == 1) /* the bug: even ranks never send */
            MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&reply, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* ERROR */
        printf("rank %d: reply %d\n", rank, reply);
    }
    MPI_Finalize();
    return 0;
}
