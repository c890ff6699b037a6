/* A communicator duplicated with hints, its hints set and read back: hints are advice.
 * Each rank duplicates MPI_COMM_WORLD with an info object (and once with MPI_INFO_NULL), sets
 * the info on the copy, reads the hints in use back (a new object it must free) and sums ranks
 * over the copy. Rankfold uses no hint, so the object read back is empty.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, sum = 0;
    MPI_Comm copy, plain;
    MPI_Info hints, used;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info_create(&hints);
    MPI_Info_set(hints, "mpi_assert_no_any_tag", "true");
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, hints, &copy);
    MPI_Comm_dup_with_info(copy, MPI_INFO_NULL, &plain);
    MPI_Comm_set_info(copy, hints);
    MPI_Info_free(&hints);
    MPI_Comm_get_info(copy, &used);
    MPI_Info_free(&used);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, copy);
    printf("rank %d: sum %d over the copy\n", rank, sum);
    MPI_Comm_free(&plain);
    MPI_Comm_free(&copy);
    MPI_Finalize();
    return 0;
}
