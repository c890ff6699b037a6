/* User operator on a strided datatype that was never committed: as user-op-vector-fixed, but
 * MPI_Type_commit is missing. A datatype must be committed before it is used in communication
 * (MPI 3.1 §4.1.9), reductions included.
 *
 * RANKFOLD-RUN: -np 3 => usage:uncommitted-datatype states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

#define BLOCKS 3
#define STRIDE 2

void strided_sum(void* in, void* inout, int* len, MPI_Datatype* type) {
    const int* x = in;
    int* y = inout;
    (void)type;
    for (int v = 0; v < *len; v++)
        for (int b = 0; b < BLOCKS; b++)
            y[(v * BLOCKS + b) * STRIDE] += x[(v * BLOCKS + b) * STRIDE];
}

int main(int argc, char** argv) {
    int rank;
    int mine[BLOCKS * STRIDE] = {0}, all[BLOCKS * STRIDE];
    MPI_Datatype strided;
    MPI_Op op;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_vector(BLOCKS, 1, STRIDE, MPI_INT, &strided);
    MPI_Op_create(strided_sum, 1, &op);
    mine[0] = rank;
    MPI_Allreduce(mine, all, 1, strided, op, MPI_COMM_WORLD); /* ERROR */
    if (rank == 0) printf("all[0] %d\n", all[0]);
    MPI_Op_free(&op);
    MPI_Type_free(&strided);
    MPI_Finalize();
    return 0;
}
