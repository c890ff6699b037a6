/* A proposition true only between two MPI calls of one rank: rank 1 raises `busy` before a send
 * and lowers it after, with no choice in between (the whole exchange is one deterministic step of
 * the search). Propositions are observed after every visible call of every rank, so the raised
 * flag is seen: []!busy fails (the run ends and its final state repeats) and <>busy holds.
 * `busy` is given on the command line here (--prop); `done` is declared by the program.
 *
 * RANKFOLD-RUN: -np 2 --ltl=[]!busy --prop=busy=busy@1 => liveness states=2 transitions=0 executions=0 revisits=0
 * RANKFOLD-RUN: -np 2 --ltl=<>busy --prop=busy=busy@1 => ok states=0 transitions=0 executions=0 revisits=0
 * RANKFOLD-RUN: -np 2 --ltl=<>(busy&&X!busy) --prop=busy=busy@1 => ok states=0 transitions=0 executions=0 revisits=0
 * RANKFOLD-RUN: -np 2 --ltl=[](busy-><>done) --prop=busy=busy@1 => ok states=1 transitions=0 executions=0 revisits=0
 * RANKFOLD-RUN: -np 2 --ltl=<>[]!done --prop=busy=busy@1 => liveness states=2 transitions=0 executions=0 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#ifdef RANKFOLD
#include <rankfold.h>
#else
#define rankfold_prop(name, pointer) ((void)(name), (void)(pointer))
#endif

int busy;
int done;

int main(int argc, char** argv) {
    int rank, value = 7;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) rankfold_prop("done", &done);
    if (rank == 1) {
        busy = 1;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        busy = 0;
    } else {
        MPI_Recv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 0 received %d\n", value);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) done = 1;
    MPI_Finalize();
    return 0;
}
