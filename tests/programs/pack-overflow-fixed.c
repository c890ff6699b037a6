/* Packing a header and values into a buffer sized for both (fixed twin of pack-overflow).
 * The buffer is MPI_Pack_size of the int plus MPI_Pack_size of the doubles, so both MPI_Pack
 * calls fit; rank 1 unpacks the count and the values.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank, n = 4, size, header, position = 0;
    double values[4] = {1, 2, 3, 4};
    char* packed;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Pack_size(n, MPI_DOUBLE, MPI_COMM_WORLD, &size);
    MPI_Pack_size(1, MPI_INT, MPI_COMM_WORLD, &header);
    size += header;
    packed = malloc(size);
    if (rank == 0) {
        MPI_Pack(&n, 1, MPI_INT, packed, size, &position, MPI_COMM_WORLD);
        MPI_Pack(values, n, MPI_DOUBLE, packed, size, &position, MPI_COMM_WORLD);
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
