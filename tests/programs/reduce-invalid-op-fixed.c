/* Invalid operator, fixed: the operator name matches the lookup table.
 * The reduction operator is looked up from a name ("sum"), found, and MPI_Reduce sums every
 * rank's value on rank 0.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
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
    MPI_Op op = op_named("sum");
    MPI_Reduce(&value, &result, 1, MPI_INT, op, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("result: %d\n", result);
    MPI_Finalize();
    return 0;
}
