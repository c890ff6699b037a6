/* Ping-pong: two ranks bounce a counter back and forth many times.
 * Rank 0 sends 2i, rank 1 checks it and answers 2i+1; the number of round trips is the first
 * program argument (default 500). Every value is asserted on both sides.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 -- 300 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite -- 50 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank, ball;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int rounds = argc > 1 ? atoi(argv[1]) : 500;
    for (int i = 0; i < rounds; i++) {
        if (rank == 0) {
            ball = 2 * i;
            MPI_Send(&ball, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(&ball, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(ball == 2 * i + 1);
        } else if (rank == 1) {
            MPI_Recv(&ball, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(ball == 2 * i);
            ball++;
            MPI_Send(&ball, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        }
    }
    printf("rank %d: %d round trips done\n", rank, rounds);
    MPI_Finalize();
    return 0;
}
