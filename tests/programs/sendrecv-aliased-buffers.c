/* Sendrecv with overlapping buffers: each rank of a ring shifts a halo of 4 ints to its right
 * neighbour with MPI_Sendrecv, sending from and receiving into the same array. MPI forbids the
 * send and receive buffers of MPI_Sendrecv to share bytes (MPI 3.1 §3.10): an implementation may
 * receive into the array before it has sent from it.
 *
 * RANKFOLD-RUN: -np 2 => usage:buffer-aliasing states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, halo[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Status st;
    for (int i = 0; i < 4; i++) halo[i] = 10 * rank + i;
    MPI_Sendrecv(halo, 4, MPI_INT, right, 0, halo, 4, MPI_INT, left, 0, MPI_COMM_WORLD, &st); /* ERROR */
    printf("rank %d: %d %d %d %d\n", rank, halo[0], halo[1], halo[2], halo[3]);
    MPI_Finalize();
    return 0;
}
