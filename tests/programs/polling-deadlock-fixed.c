/* Polling deadlock, fixed: rank 0 posts receives from ranks 1..size-1 only and polls them with
 * MPI_Test until all are complete. The only choices are which Test calls find their request
 * complete; rank 0 keeps no record of the order, so all of them end in one final state.
 *
 * RANKFOLD-RUN: -np 3 => ok states=5 transitions=8 executions=1 revisits=4
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=5 transitions=8 executions=1 revisits=4
 * RANKFOLD-RUN: -np 3 --single-run => ok
 * RANKFOLD-RUN: -np 3 --seed 2 => ok
 */
#include <mpi.h>
#include <stdio.h>

#define FIRST 1 /* rank 0 does not send to itself */

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
                MPI_Test(&reqs[r], &flag, MPI_STATUS_IGNORE);
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
