/* User operator on a contiguous datatype, with mismatched counts: as user-op-contiguous-fixed,
 * but the last rank contributes one triple where the others contribute two. Every member of a
 * reduction must pass the same count and type signature (MPI 3.1 §5.9.1).
 *
 * RANKFOLD-RUN: -np 3 => usage:collective-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

void sum_max_min(void* in, void* inout, int* len, MPI_Datatype* type) {
    const double* x = in;
    double* y = inout;
    (void)type;
    for (int i = 0; i < *len; i++, x += 3, y += 3) {
        y[0] += x[0];
        y[1] = y[1] > x[1] ? y[1] : x[1];
        y[2] = y[2] < x[2] ? y[2] : x[2];
    }
}

int main(int argc, char** argv) {
    int rank, size;
    double mine[6] = {0}, all[6];
    MPI_Datatype triple;
    MPI_Op op;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_contiguous(3, MPI_DOUBLE, &triple);
    MPI_Type_commit(&triple);
    MPI_Op_create(sum_max_min, 1, &op);
    mine[0] = rank;
    MPI_Allreduce(mine, all, rank == size - 1 ? 1 : 2, triple, op, MPI_COMM_WORLD); /* ERROR */
    if (rank == 0) printf("sum %g\n", all[0]);
    MPI_Op_free(&op);
    MPI_Type_free(&triple);
    MPI_Finalize();
    return 0;
}
