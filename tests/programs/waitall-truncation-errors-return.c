/* MPI_ERRORS_RETURN with MPI_Waitall: a truncated receive makes it return MPI_ERR_IN_STATUS.
 * Rank 1 posts two receives; the first is for 2 ints but 4 arrive. Under MPI_ERRORS_RETURN,
 * MPI_Waitall returns MPI_ERR_IN_STATUS (not the error itself) and sets the failed request's
 * status.MPI_ERROR to MPI_ERR_TRUNCATE; the program checks both and prints them.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, data[4] = {1, 2, 3, 4}, small[2], other = 0, err, cls = -1, cls0 = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Send(data, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request reqs[2];
        MPI_Status st[2];
        MPI_Irecv(small, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&other, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]);
        err = MPI_Waitall(2, reqs, st);
        MPI_Error_class(err, &cls);
        if (cls == MPI_ERR_IN_STATUS) MPI_Error_class(st[0].MPI_ERROR, &cls0);
        printf("rank 1: MPI_Waitall %s, first receive %s\n",
               cls == MPI_ERR_IN_STATUS ? "MPI_ERR_IN_STATUS" : "not MPI_ERR_IN_STATUS",
               cls0 == MPI_ERR_TRUNCATE ? "MPI_ERR_TRUNCATE" : "not MPI_ERR_TRUNCATE");
        assert(cls == MPI_ERR_IN_STATUS && cls0 == MPI_ERR_TRUNCATE);
        if (st[1].MPI_ERROR == MPI_ERR_PENDING) MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
