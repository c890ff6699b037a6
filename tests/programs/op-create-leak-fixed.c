/* Resource leak, fixed: the user operator is freed after the reduction.
 * The ranks reduce with a user-defined "maximum absolute value" operator, then free it with
 * MPI_Op_free.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static void absmax(void* in, void* inout, int* len, MPI_Datatype* type) {
    const int* a = in;
    int* b = inout;
    (void)type;
    for (int i = 0; i < *len; i++) {
        int x = a[i] < 0 ? -a[i] : a[i], y = b[i] < 0 ? -b[i] : b[i];
        b[i] = x > y ? x : y;
    }
}

int main(int argc, char** argv) {
    int rank, value, result = 0;
    MPI_Op op;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Op_create(absmax, 1, &op);
    value = rank % 2 ? -5 * rank : rank;
    MPI_Allreduce(&value, &result, 1, MPI_INT, op, MPI_COMM_WORLD);
    MPI_Op_free(&op);
    if (rank == 0) printf("largest magnitude: %d\n", result);
    MPI_Finalize();
    return 0;
}
