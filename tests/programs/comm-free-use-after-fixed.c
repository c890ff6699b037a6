/* Use after MPI_Comm_free, fixed: the duplicate is freed once the solver is done with it.
 * A solver duplicates MPI_COMM_WORLD, keeps the handle in its context, reduces on it and frees
 * it through the context (which also resets the handle to MPI_COMM_NULL).
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

struct solver {
    MPI_Comm comm;
    int iterations;
};

int main(int argc, char** argv) {
    int rank, local, total = 0;
    struct solver s;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_dup(MPI_COMM_WORLD, &s.comm);
    s.iterations = 3 + rank;
    local = s.iterations;
    MPI_Allreduce(&local, &total, 1, MPI_INT, MPI_SUM, s.comm);
    MPI_Comm_free(&s.comm);
    assert(s.comm == MPI_COMM_NULL);
    if (rank == 0) printf("total iterations: %d\n", total);
    MPI_Finalize();
    return 0;
}
