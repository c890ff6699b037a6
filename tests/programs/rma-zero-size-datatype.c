/* Title: one-sided operations that move no data — a zero count, or a datatype of size zero —
 * are legal with any datatypes and do nothing (MPICH's rma/badrma tests them). An accumulate on a
 * zero-size target type used to crash the checker (an empty type signature read past its end);
 * now every call returns MPI_SUCCESS and the window is unchanged.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int window[4] = {1, 2, 3, 4}, origin[4] = {5, 6, 7, 8}, result[4] = {0};
    MPI_Datatype empty;
    MPI_Type_contiguous(0, MPI_INT, &empty);
    MPI_Type_commit(&empty);
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    MPI_Win_fence(0, win);
    int errors = 0;
    if (rank == 0) {
        errors += MPI_Put(origin, 1, empty, 1, 0, 1, empty, win) != MPI_SUCCESS;
        errors += MPI_Get(result, 0, MPI_INT, 1, 0, 0, MPI_DOUBLE, win) != MPI_SUCCESS;
        errors += MPI_Accumulate(origin, 1, empty, 1, 0, 1, empty, MPI_SUM, win) != MPI_SUCCESS;
        errors += MPI_Accumulate(origin, 0, MPI_INT, 1, 0, 2, empty, MPI_SUM, win) != MPI_SUCCESS;
        errors += MPI_Get_accumulate(origin, 1, empty, result, 0, MPI_INT, 1, 0, 1, empty,
                                     MPI_SUM, win) != MPI_SUCCESS;
    }
    MPI_Win_fence(0, win);
    if (rank == 1)
        printf("window %d %d %d %d\n", window[0], window[1], window[2], window[3]);
    else
        printf("errors %d\n", errors);
    MPI_Win_free(&win);
    MPI_Type_free(&empty);
    MPI_Finalize();
    return 0;
}
