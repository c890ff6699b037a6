/* Title: ranks wait in MPI_Cart_create and MPI_Cart_sub while another rank polls.
 * Rank 0 polls a request with MPI_Test before joining each collective, so the search restores
 * snapshots taken while the others wait inside MPI_Cart_create / MPI_Cart_sub: the calls must
 * hold nothing on the checker's heap while they wait (this crashed the checker once).
 *
 * RANKFOLD-RUN: -np 2 => ok states=3 transitions=4 executions=1 revisits=2
 * RANKFOLD-RUN: -np 4 => ok states=3 transitions=4 executions=1 revisits=2
 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char** argv) {
    int rank, size, dims[2] = {0, 0}, periods[2] = {0, 0}, remain[2] = {1, 0}, flag = 0;
    MPI_Comm cart, sub;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    if (rank == 0) {
        MPI_Ibarrier(MPI_COMM_SELF, &req);
        for (int polls = 0; !flag; polls += polls < 3) MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        flag = 0;
    }
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    if (rank == 0) {
        MPI_Ibarrier(MPI_COMM_SELF, &req);
        for (int polls = 0; !flag; polls += polls < 3) MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    }
    MPI_Cart_sub(cart, remain, &sub);
    MPI_Comm_free(&sub);
    MPI_Comm_free(&cart);
    if (rank == 0) printf("done\n");
    MPI_Finalize();
    return 0;
}
