/* Packing a header, a matrix column and a struct into one MPI_PACKED message, then external32.
 * Rank 0 packs a count, a column of a 3x3 matrix (a vector type) and a struct with padding into
 * a buffer sized by MPI_Pack_size and sends it as MPI_PACKED; rank 1 unpacks the three parts in
 * the same order. Both print an int in external32's big-endian bytes and unpack it back.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

struct Item {
    char tag;
    double weight;
};

int main(int argc, char** argv) {
    int rank, n = 3, header_size, column_size, item_size, position = 0;
    double matrix[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, column[3];
    struct Item item = {'q', 2.5};
    char packed[256];
    MPI_Datatype column_type, item_type;
    int lengths[2] = {1, 1};
    MPI_Aint disps[2] = {0, sizeof(double)};
    MPI_Datatype types[2] = {MPI_CHAR, MPI_DOUBLE};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_vector(3, 1, 3, MPI_DOUBLE, &column_type);
    MPI_Type_commit(&column_type);
    MPI_Type_create_struct(2, lengths, disps, types, &item_type);
    MPI_Type_commit(&item_type);
    MPI_Pack_size(1, MPI_INT, MPI_COMM_WORLD, &header_size);
    MPI_Pack_size(1, column_type, MPI_COMM_WORLD, &column_size);
    MPI_Pack_size(1, item_type, MPI_COMM_WORLD, &item_size);
    if (rank == 0) {
        MPI_Pack(&n, 1, MPI_INT, packed, sizeof packed, &position, MPI_COMM_WORLD);
        MPI_Pack(&matrix[0][1], 1, column_type, packed, sizeof packed, &position, MPI_COMM_WORLD);
        MPI_Pack(&item, 1, item_type, packed, sizeof packed, &position, MPI_COMM_WORLD);
        printf("rank 0: packed %d of %d bytes\n", position, header_size + column_size + item_size);
        MPI_Send(packed, position, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
    } else {
        int count = 0;
        struct Item got = {0, 0};
        MPI_Recv(packed, sizeof packed, MPI_PACKED, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Unpack(packed, sizeof packed, &position, &count, 1, MPI_INT, MPI_COMM_WORLD);
        MPI_Unpack(packed, sizeof packed, &position, column, count, MPI_DOUBLE, MPI_COMM_WORLD);
        MPI_Unpack(packed, sizeof packed, &position, &got, 1, item_type, MPI_COMM_WORLD);
        printf("rank 1: %d values %g %g %g, item %c %g, position %d\n", count, column[0],
               column[1], column[2], got.tag, got.weight, position);
    }
    {
        unsigned char bytes[4];
        int value = 0x01020304 + rank, back = 0;
        MPI_Aint at = 0, size = 0;
        MPI_Pack_external_size("external32", 1, MPI_INT, &size);
        MPI_Pack_external("external32", &value, 1, MPI_INT, bytes, sizeof bytes, &at);
        at = 0;
        MPI_Unpack_external("external32", bytes, sizeof bytes, &at, &back, 1, MPI_INT);
        printf("rank %d: external32 size %d bytes %02x %02x %02x %02x back %#x\n", rank,
               (int)size, bytes[0], bytes[1], bytes[2], bytes[3], back);
    }
    MPI_Type_free(&column_type);
    MPI_Type_free(&item_type);
    MPI_Finalize();
    return 0;
}
