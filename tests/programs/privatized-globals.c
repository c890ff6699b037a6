/* Privatized globals: every rank has its own copy of global and static variables.
 * Each rank bumps a global counter and a function-local static once and stores its rank in a
 * global; after a ring exchange (which lets the other ranks run) each must still see 1, 1 and
 * its own rank, as separate MPI processes would.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 4 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int counter = 0;
int owner = -1;
static int table[4];

static int bump(void) {
    static int calls = 0;
    return ++calls;
}

int main(int argc, char** argv) {
    int rank, size, got;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    counter++;
    owner = rank;
    table[rank % 4] += rank + 1;
    int calls = bump();
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Sendrecv(&counter, 1, MPI_INT, right, 0, &got, 1, MPI_INT, left, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    assert(got == 1 && counter == 1 && owner == rank && calls == 1);
    for (int i = 0; i < 4; i++) assert(table[i] == (i == rank % 4 ? rank + 1 : 0));
    printf("rank %d: counter %d static %d owner %d\n", rank, counter, calls, owner);
    MPI_Finalize();
    return 0;
}
