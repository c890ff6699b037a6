/* Resource leak: a user operator from MPI_Op_create that is never freed.
 * The ranks reduce with a user-defined "maximum absolute value" operator but never call
 * MPI_Op_free on it. User operators must be freed before MPI_Finalize.
 * With --allow-leaks the leak is a warning and the run is ok.
 *
 * RANKFOLD-RUN: -np 3 => usage:resource-leak states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --allow-leaks => ok states=1 transitions=0 executions=1 revisits=0 warnings=3
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
    MPI_Op_create(absmax, 1, &op); /* ERROR */
    value = rank % 2 ? -5 * rank : rank;
    MPI_Allreduce(&value, &result, 1, MPI_INT, op, MPI_COMM_WORLD);
    if (rank == 0) printf("largest magnitude: %d\n", result);
    MPI_Finalize(); /* the bug: MPI_Op_free(&op) is missing */
    return 0;
}
