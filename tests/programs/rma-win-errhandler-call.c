/* Title: an error handler made for windows, attached to one and called on it.
 * MPI_Win_create_errhandler makes a handler, MPI_Win_set_errhandler attaches it and
 * MPI_Win_get_errhandler reads it back; MPI_Win_call_errhandler calls it with the window and
 * the code (MPI 3.1 §8.3.3), and it counts its calls. Freed while attached, the handler stays
 * on the window (MPI 3.1 §8.3.4). MPICH's rma/wincall does this 1000 times.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int calls;
static MPI_Win expected;
static int slots[2];

static void count_calls(MPI_Win* win, int* code, ...) {
    if (*win == expected && *code == MPI_ERR_OTHER) ++calls;
}

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(slots, sizeof slots, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    expected = win;
    MPI_Errhandler handler, attached;
    MPI_Win_create_errhandler(count_calls, &handler);
    MPI_Win_set_errhandler(win, handler);
    MPI_Win_get_errhandler(win, &attached);
    MPI_Win_call_errhandler(win, MPI_ERR_OTHER);
    MPI_Errhandler_free(&handler);
    MPI_Win_call_errhandler(win, MPI_ERR_OTHER);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    MPI_Win_call_errhandler(win, MPI_ERR_OTHER);
    printf("rank %d: handler called %d times, read back %s\n", rank, calls,
           attached != MPI_ERRORS_RETURN && attached != MPI_ERRORS_ARE_FATAL ? "it" : "another");
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
