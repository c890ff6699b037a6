/* User operator on a contiguous datatype: MPI_Allreduce and MPI_Reduce of 2 "triples" (an
 * MPI_Type_contiguous of 3 doubles) with an operator that takes the sum, the maximum and the
 * minimum of the triples' three parts. The operator gets the program's datatype and a count of
 * triples (MPI 3.1 §5.9.5), and walks *len triples: it must not be given a count of doubles.
 * Counts: nothing to choose (collectives only): one state, one execution.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

static MPI_Datatype triple;

/* inout[i] = (in + inout, max, min) for *len triples. */
void sum_max_min(void* in, void* inout, int* len, MPI_Datatype* type) {
    const double* x = in;
    double* y = inout;
    assert(*type == triple);
    for (int i = 0; i < *len; i++, x += 3, y += 3) {
        y[0] += x[0];
        y[1] = y[1] > x[1] ? y[1] : x[1];
        y[2] = y[2] < x[2] ? y[2] : x[2];
    }
}

int main(int argc, char** argv) {
    int rank, size;
    double mine[6], all[6], root[6];
    MPI_Op op;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_contiguous(3, MPI_DOUBLE, &triple);
    MPI_Type_commit(&triple);
    MPI_Op_create(sum_max_min, 1, &op);
    for (int k = 0; k < 2; k++) {
        mine[3 * k] = rank + k;
        mine[3 * k + 1] = 10 * rank + k;
        mine[3 * k + 2] = 100 - rank - k;
    }
    MPI_Allreduce(mine, all, 2, triple, op, MPI_COMM_WORLD);
    MPI_Reduce(mine, root, 2, triple, op, 0, MPI_COMM_WORLD);
    for (int k = 0; k < 2; k++) {
        assert(all[3 * k] == size * (size - 1) / 2 + size * k);
        assert(all[3 * k + 1] == 10 * (size - 1) + k);
        assert(all[3 * k + 2] == 100 - (size - 1) - k);
        if (rank == 0) assert(root[3 * k] == all[3 * k] && root[3 * k + 2] == all[3 * k + 2]);
    }
    if (rank == 0) printf("sum %g, max %g, min %g\n", all[0], all[1], all[2]);
    MPI_Op_free(&op);
    MPI_Type_free(&triple);
    MPI_Finalize();
    return 0;
}
