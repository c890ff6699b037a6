/* Polling deadlock: rank 0 posts a receive from every rank, its own included (an off-by-one:
 * FIRST should be 1), and polls them with MPI_Test until all are complete. Nobody sends rank 0
 * a message from itself, so it polls forever: the other ranks are finished and rank 0's polls
 * change nothing, which is a deadlock even though rank 0 never blocks.
 *
 * RANKFOLD-RUN: -np 3 => deadlock states=4 transitions=4 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => deadlock states=4 transitions=4 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --single-run => deadlock
 * RANKFOLD-RUN: -np 3 --seed 2 => deadlock
 */
#include <mpi.h>
#include <stdio.h>

#define FIRST 0 /* the bug: rank 0 itself sends nothing */

int main(int argc, char** argv) {
    int rank, size, v[16];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        MPI_Request reqs[16];
        int done = 0;
        for (int r = FIRST; r < size; r++)
            MPI_Irecv(&v[r], 1, MPI_INT, r, 0, MPI_COMM_WORLD, &reqs[r]);
        while (done < size - FIRST) {
            for (int r = FIRST; r < size; r++) {
                int flag = 0;
                if (reqs[r] == MPI_REQUEST_NULL) continue; /* done already */
                MPI_Test(&reqs[r], &flag, MPI_STATUS_IGNORE); /* ERROR */
                done += flag;
            }
        }
        printf("rank 0: received from %d ranks\n", done);
    } else {
        v[0] = rank;
        MPI_Send(&v[0], 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
