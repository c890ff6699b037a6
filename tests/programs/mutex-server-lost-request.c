/* Centralised mutual exclusion that can lose a request: rank 0 grants a critical section to
 * clients that loop forever (request, wait for the grant, work inside, release). The server keeps
 * one waiting request only, so with three clients a second request arriving while the section is
 * busy overwrites the first: that client waits forever, and [](r1 -> <>cs1) fails for client 1
 * (r1: it asked, cs1: it is inside) even when every match offered infinitely often is taken.
 * With two clients no request can be lost (strong fairness holds). The twin keeps a FIFO.
 *
 * RANKFOLD-RUN: -np 4 --ltl=[](r1-><>cs1) --fairness strong => liveness states=24 transitions=35 executions=0 revisits=0
 * RANKFOLD-RUN: -np 3 --ltl=[](r1-><>cs1) --fairness strong => ok states=40 transitions=78 executions=0 revisits=0
 * RANKFOLD-CFLAGS: -fno-sanitize=thread
 * Built without rankfold-cc's memory-access instrumentation: instrumented code keeps other
 * values in callee-saved registers and stack slots across its MPI calls, and exact state
 * equality tells apart paths that differ only in such dead values, so the counts above (those
 * of the uninstrumented build) would change.
 * RANKFOLD-NO-DIFF: it never terminates
 */
#include <mpi.h>
#include <stdio.h>
#ifdef RANKFOLD
#include <rankfold.h>
#else
#define rankfold_prop(name, pointer) ((void)(name), (void)(pointer))
#endif

enum { REQUEST = 1, RELEASE = 2, GRANT = 3 };

int requesting; /* this client asked for the section and was not granted it yet */
int in_cs;      /* this client is inside the section */

static void serve(void) {
    int holder = 0, waiting = 0, client = 0;
    MPI_Status st;
    while (1) {
        MPI_Recv(&client, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG == REQUEST) {
            if (holder == 0) {
                holder = st.MPI_SOURCE;
                MPI_Send(&holder, 1, MPI_INT, holder, GRANT, MPI_COMM_WORLD);
            } else {
                waiting = st.MPI_SOURCE; /* the bug: an earlier waiting request is lost */
            }
        } else {
            holder = waiting;
            waiting = 0;
            if (holder != 0) MPI_Send(&holder, 1, MPI_INT, holder, GRANT, MPI_COMM_WORLD);
        }
    }
}

static void work(int rank) {
    char name[16];
    int grant = 0;
    snprintf(name, sizeof name, "r%d", rank);
    rankfold_prop(name, &requesting);
    snprintf(name, sizeof name, "cs%d", rank);
    rankfold_prop(name, &in_cs);
    while (1) {
        requesting = 1;
        MPI_Send(&rank, 1, MPI_INT, 0, REQUEST, MPI_COMM_WORLD);
        MPI_Recv(&grant, 1, MPI_INT, 0, GRANT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        requesting = 0;
        in_cs = 1;
        MPI_Send(&rank, 1, MPI_INT, 0, RELEASE, MPI_COMM_WORLD);
        in_cs = 0;
    }
}

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        serve();
    else
        work(rank);
    MPI_Finalize(); /* never reached */
    return 0;
}
