/* Packing past the end of the pack buffer: the buffer is sized for the doubles only.
 * Rank 0 packs a count and then the values into a buffer of MPI_Pack_size(4 doubles) bytes,
 * forgetting the int header: the second MPI_Pack needs 4 bytes more than outsize allows, which
 * MPI forbids (MPICH answers MPI_ERR_ARG, "Out of space in packing buffer").
 *
 * RANKFOLD-RUN: -np 2 => usage:truncation states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank, n = 4, size, position = 0;
    double values[4] = {1, 2, 3, 4};
    char* packed;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Pack_size(n, MPI_DOUBLE, MPI_COMM_WORLD, &size);
    packed = malloc(size);
    if (rank == 0) {
        MPI_Pack(&n, 1, MPI_INT, packed, size, &position, MPI_COMM_WORLD);
        MPI_Pack(values, n, MPI_DOUBLE, packed, size, &position, MPI_COMM_WORLD); /* ERROR */
        MPI_Send(packed, position, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(packed, size, MPI_PACKED, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Unpack(packed, size, &position, &n, 1, MPI_INT, MPI_COMM_WORLD);
        MPI_Unpack(packed, size, &position, values, n, MPI_DOUBLE, MPI_COMM_WORLD);
        printf("rank 1: %d values, last %g\n", n, values[n - 1]);
    }
    free(packed);
    MPI_Finalize();
    return 0;
}
