/* Setting a communicator's hints from an info object already freed.
 * Each rank frees its info object right after duplicating the communicator with it, then hands
 * the dangling handle to MPI_Comm_set_info: an invalid info handle (MPI_ERR_INFO).
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-handle states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Comm copy;
    MPI_Info hints;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info_create(&hints);
    MPI_Info_set(hints, "mpi_assert_no_any_source", "true");
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, hints, &copy);
    MPI_Info_free(&hints);
    MPI_Comm_set_info(copy, hints); /* ERROR */
    printf("rank %d: hints set\n", rank);
    MPI_Comm_free(&copy);
    MPI_Finalize();
    return 0;
}
