/* Invalid operator: MPI_Reduce with MPI_OP_NULL.
 * The reduction operator is looked up from a name; the lookup knows "sum" and "max" but the
 * caller asks for "Sum", so it returns MPI_OP_NULL, which is not an operator: MPI_Reduce rejects
 * the handle (MPI_ERR_OP).
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-handle states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static MPI_Op op_named(const char* name) {
    if (strcmp(name, "sum") == 0) return MPI_SUM;
    if (strcmp(name, "max") == 0) return MPI_MAX;
    return MPI_OP_NULL;
}

int main(int argc, char** argv) {
    int rank, value, result = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    value = 10 * (rank + 1);
    MPI_Op op = op_named("Sum");
    MPI_Reduce(&value, &result, 1, MPI_INT, op, 0, MPI_COMM_WORLD); /* ERROR */
    if (rank == 0) printf("result: %d\n", result);
    MPI_Finalize();
    return 0;
}
