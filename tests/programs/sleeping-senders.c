/* Two senders that sleep for an hour each (sleep, usleep, nanosleep, clock_nanosleep) before
 * their message to a wildcard receiver. The checker does not model time: inside a rank every
 * sleeping call returns at once as if the whole time had passed, so the search is the one of
 * the program without the sleeps: the two match orders, whose ends are one state once rank 0 has
 * finished (4 states, the second order a revisit). Without that the
 * run would take hours (each rank's sleep served in turn, in every execution), and MPICH's own
 * tests that sleep (MTestSleep in group/gtranksperf) would stop at the suite's time limit.
 *
 * RANKFOLD-RUN: -np 3 => ok states=4 transitions=4 executions=1 revisits=1
 * RANKFOLD-NO-DIFF: under MPICH the sleeps are real: an hour per sender
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static void sleep_long(void) {
    assert(sleep(900) == 0);
    assert(usleep(999999) == 0); /* POSIX: below a second */
    struct timespec request = {900, 0}, remaining;
    assert(nanosleep(&request, &remaining) == 0);
    assert(clock_nanosleep(CLOCK_MONOTONIC, 0, &request, &remaining) == 0);
    assert(sleep(900) == 0);
}

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int first, second;
        MPI_Recv(&first, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&second, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(first + second == 3);
        printf("received %d then %d\n", first, second);
    } else {
        sleep_long();
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
