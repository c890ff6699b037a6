/* Use after MPI_Comm_free: a reduction on a communicator that was already freed.
 * A solver duplicates MPI_COMM_WORLD and keeps the handle in its context. The setup code frees
 * the duplicate through its own variable, so the context holds a dangling handle; the Allreduce
 * on it uses a communicator that no longer exists, an invalid handle.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-handle states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

struct solver {
    MPI_Comm comm;
    int iterations;
};

int main(int argc, char** argv) {
    int rank, local, total = 0;
    struct solver s;
    MPI_Comm dup;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    s.comm = dup;
    s.iterations = 3 + rank;
    MPI_Comm_free(&dup); /* the bug: s.comm still refers to it */
    local = s.iterations;
    MPI_Allreduce(&local, &total, 1, MPI_INT, MPI_SUM, s.comm); /* ERROR */
    if (rank == 0) printf("total iterations: %d\n", total);
    MPI_Finalize();
    return 0;
}
