/* User operator on a strided datatype: MPI_Allreduce of an MPI_Type_vector (every other int of
 * an array) with a user-defined sum that walks the buffers with the vector's stride, as a
 * function given that datatype must (MPI 3.1 §5.9.5: the buffers are laid out as the datatype
 * says). The ints between the vector's blocks are not part of the message: they keep their
 * values in the receive buffer.
 * Counts: nothing to choose (collectives only): one state, one execution.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

#define BLOCKS 3
#define STRIDE 2
#define COUNT 2 /* vectors per rank */

/* inout += in on the vector's blocks: *len vectors of BLOCKS ints STRIDE ints apart. */
void strided_sum(void* in, void* inout, int* len, MPI_Datatype* type) {
    const int* x = in;
    int* y = inout;
    (void)type;
    for (int v = 0; v < *len; v++)
        for (int b = 0; b < BLOCKS; b++) {
            const int i = (v * BLOCKS + b) * STRIDE;
            y[i] += x[i];
        }
}

int main(int argc, char** argv) {
    int rank, size;
    int mine[COUNT * BLOCKS * STRIDE], all[COUNT * BLOCKS * STRIDE];
    MPI_Datatype strided, spaced;
    MPI_Op op;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_vector(BLOCKS, 1, STRIDE, MPI_INT, &strided);
    /* Consecutive vectors follow each other at BLOCKS * STRIDE ints. */
    MPI_Type_create_resized(strided, 0, BLOCKS * STRIDE * sizeof(int), &spaced);
    MPI_Type_commit(&spaced);
    MPI_Op_create(strided_sum, 1, &op);
    for (int i = 0; i < COUNT * BLOCKS * STRIDE; i++) {
        mine[i] = rank * 100 + i;
        all[i] = -1;
    }
    MPI_Allreduce(mine, all, COUNT, spaced, op, MPI_COMM_WORLD);
    for (int i = 0; i < COUNT * BLOCKS * STRIDE; i++)
        assert(all[i] == (i % STRIDE ? -1 : 100 * size * (size - 1) / 2 + size * i));
    if (rank == 0) printf("all[0] %d, all[2] %d\n", all[0], all[2]);
    MPI_Op_free(&op);
    MPI_Type_free(&spaced);
    MPI_Type_free(&strided);
    MPI_Finalize();
    return 0;
}
