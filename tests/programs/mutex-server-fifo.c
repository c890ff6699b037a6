/* Centralised mutual exclusion with a FIFO of requests (the twin of mutex-server-lost-request):
 * no request is lost, so every client that asks is eventually let in — provided the server's
 * MPI_ANY_SOURCE receive does not ignore one client's message forever. MPI promises no such
 * fairness: with --fairness none (and weak: the starved client is blocked, not able to move)
 * the server may serve the other clients forever, a real counterexample; with --fairness strong
 * (a match offered infinitely often is eventually made) [](r1 -> <>cs1) holds.
 *
 * RANKFOLD-RUN: -np 4 --ltl=[](r1-><>cs1) => liveness states=222 transitions=406 executions=0 revisits=0
 * RANKFOLD-RUN: -np 4 --ltl=[](r1-><>cs1) --fairness weak => liveness states=222 transitions=406 executions=0 revisits=0
 * RANKFOLD-RUN: -np 4 --ltl=[](r1-><>cs1) --fairness strong => ok states=2310 transitions=4937 executions=0 revisits=0
 * RANKFOLD-RUN: -np 4 --ltl=[](r3-><>cs3) --fairness strong => ok states=2310 transitions=4964 executions=0 revisits=0
 * RANKFOLD-RUN: -np 4 --ltl=[]!(cs1&&cs2) --fairness strong => ok states=1042 transitions=1998 executions=0 revisits=0
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

enum { REQUEST = 1, RELEASE = 2, GRANT = 3, MAX_CLIENTS = 16 };

int requesting; /* this client asked for the section and was not granted it yet */
int in_cs;      /* this client is inside the section */

static void grant(int client) {
    MPI_Send(&client, 1, MPI_INT, client, GRANT, MPI_COMM_WORLD);
}

static void serve(void) {
    int queue[MAX_CLIENTS] = {0};
    int head = 0, count = 0, holder = 0, client = 0;
    MPI_Status st;
    while (1) {
        MPI_Recv(&client, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG == REQUEST) {
            if (holder == 0) {
                holder = st.MPI_SOURCE;
                grant(holder);
            } else {
                queue[(head + count++) % MAX_CLIENTS] = st.MPI_SOURCE;
            }
        } else if (count > 0) {
            holder = queue[head];
            queue[head] = 0; /* keep the state free of stale entries */
            head = (head + 1) % MAX_CLIENTS;
            count--;
            grant(holder);
        } else {
            holder = 0;
            head = 0;
        }
    }
}

static void work(int rank) {
    char name[16];
    int granted = 0;
    snprintf(name, sizeof name, "r%d", rank);
    rankfold_prop(name, &requesting);
    snprintf(name, sizeof name, "cs%d", rank);
    rankfold_prop(name, &in_cs);
    while (1) {
        requesting = 1;
        MPI_Send(&rank, 1, MPI_INT, 0, REQUEST, MPI_COMM_WORLD);
        MPI_Recv(&granted, 1, MPI_INT, 0, GRANT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
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
