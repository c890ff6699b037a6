/* Operator freed before the reduction starts: as ireduce-op-freed-early-fixed, but rank 0 calls
 * MPI_Op_free before MPI_Ireduce, which then names an operator that no longer exists (only a
 * pending operation keeps a freed operator alive).
 *
 * RANKFOLD-RUN: -np 3 => usage:invalid-handle states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

void int_sum(void* in, void* inout, int* len, MPI_Datatype* type) {
    const int* x = in;
    int* y = inout;
    (void)type;
    for (int i = 0; i < *len; i++) y[i] += x[i];
}

int main(int argc, char** argv) {
    int rank, mine, sum = 0;
    MPI_Op op, stale;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine = rank;
    MPI_Op_create(int_sum, 1, &op);
    stale = op;
    if (rank == 0) MPI_Op_free(&op);
    MPI_Ireduce(&mine, &sum, 1, MPI_INT, stale, 0, MPI_COMM_WORLD, &req); /* ERROR */
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (rank == 0) printf("sum %d\n", sum);
    if (rank != 0) MPI_Op_free(&op);
    MPI_Finalize();
    return 0;
}
