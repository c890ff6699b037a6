/* Deleting a hint that is not there, fixed: the key is deleted only where it is set.
 * Rank 1 never sets the "striping_unit" hint; every rank asks MPI_Info_get_valuelen whether
 * the object holds it before removing it, so no rank deletes an absent key.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, nkeys, len, flag;
    MPI_Info hints;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info_create(&hints);
    MPI_Info_set(hints, "cb_nodes", "2");
    if (rank == 0) MPI_Info_set(hints, "striping_unit", "65536");
    MPI_Info_get_valuelen(hints, "striping_unit", &len, &flag);
    if (flag) MPI_Info_delete(hints, "striping_unit");
    MPI_Info_get_nkeys(hints, &nkeys);
    printf("rank %d: %d hints left\n", rank, nkeys);
    MPI_Info_free(&hints);
    MPI_Finalize();
    return 0;
}
