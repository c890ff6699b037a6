/* Deleting a hint that is not there: MPI_Info_delete of a key the object does not hold.
 * Rank 1 never sets the "striping_unit" hint, yet every rank removes it before handing the
 * object on. MPI_Info_delete of an absent key is an error (MPI_ERR_INFO_NOKEY, MPI 3.1 §9).
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-argument states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, nkeys;
    MPI_Info hints;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info_create(&hints);
    MPI_Info_set(hints, "cb_nodes", "2");
    if (rank == 0) MPI_Info_set(hints, "striping_unit", "65536");
    MPI_Info_delete(hints, "striping_unit"); /* ERROR */
    MPI_Info_get_nkeys(hints, &nkeys);
    printf("rank %d: %d hints left\n", rank, nkeys);
    MPI_Info_free(&hints);
    MPI_Finalize();
    return 0;
}
