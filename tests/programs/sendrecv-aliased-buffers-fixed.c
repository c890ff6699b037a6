/* Sendrecv with overlapping buffers, fixed: as sendrecv-aliased-buffers, but the halo is shifted
 * with MPI_Sendrecv_replace, which sends and receives in one buffer. A second exchange with
 * MPI_Sendrecv uses the two halves of one array: adjacent, not overlapping, which is legal.
 * Counts: nothing to choose (each rank's one receive has one sender): one state, one execution.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, halo[4], both[8];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int right = (rank + 1) % size, left = (rank + size - 1) % size;
    for (int i = 0; i < 4; i++) halo[i] = both[i] = 10 * rank + i;
    MPI_Sendrecv_replace(halo, 4, MPI_INT, right, 0, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(both, 4, MPI_INT, right, 1, both + 4, 4, MPI_INT, left, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    for (int i = 0; i < 4; i++) assert(halo[i] == 10 * left + i && both[4 + i] == halo[i]);
    printf("rank %d: %d %d %d %d\n", rank, halo[0], halo[1], halo[2], halo[3]);
    MPI_Finalize();
    return 0;
}
