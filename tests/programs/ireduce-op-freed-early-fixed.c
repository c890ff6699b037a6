/* Operator freed while a nonblocking reduction uses it: MPI_Ireduce with a user-defined
 * operator, then MPI_Op_free, then MPI_Wait. MPI allows freeing an operator that a pending
 * operation uses; the free takes effect when the operation completes (MPI 3.1 §5.9.5).
 * Counts: nothing to choose (collectives only): one state, one execution.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

void int_sum(void* in, void* inout, int* len, MPI_Datatype* type) {
    const int* x = in;
    int* y = inout;
    (void)type;
    for (int i = 0; i < *len; i++) y[i] += x[i];
}

int main(int argc, char** argv) {
    int rank, size, mine[2], sum[2] = {0, 0};
    MPI_Op op;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    mine[0] = rank;
    mine[1] = 1;
    MPI_Op_create(int_sum, 1, &op);
    MPI_Ireduce(mine, sum, 2, MPI_INT, op, 0, MPI_COMM_WORLD, &req);
    MPI_Op_free(&op);
    assert(op == MPI_OP_NULL);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (rank == 0) {
        assert(sum[0] == size * (size - 1) / 2 && sum[1] == size);
        printf("sum %d, ranks %d\n", sum[0], sum[1]);
    }
    MPI_Finalize();
    return 0;
}
