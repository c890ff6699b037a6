/* The liveness benchmark: centralised mutual exclusion (the experiment of SimGridMC's liveness
 * paper), rank 0 the server, every other rank a client that loops forever: request, wait for
 * the grant, enter (cs), release. `lost` keeps one waiting request (a request can be lost);
 * `fifo` queues them. Propositions r<k> ("client k asked") and cs<k> ("client k is in").
 * Usage: mutex lost|fifo */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <rankfold.h>

enum { REQUEST = 1, RELEASE = 2, GRANT = 3, MAX_CLIENTS = 64 };

int requesting, in_cs;

static void serve(int fifo) {
    int queue[MAX_CLIENTS] = {0};
    int head = 0, count = 0, holder = 0, client = 0;
    MPI_Status st;
    for (;;) {
        MPI_Recv(&client, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG == REQUEST) {
            if (holder == 0) {
                holder = st.MPI_SOURCE;
                MPI_Send(&holder, 1, MPI_INT, holder, GRANT, MPI_COMM_WORLD);
            } else if (fifo) {
                queue[(head + count++) % MAX_CLIENTS] = st.MPI_SOURCE;
            } else {
                queue[0] = st.MPI_SOURCE; /* one slot: an earlier request is lost */
                count = 1;
            }
        } else if (count > 0) {
            holder = queue[head];
            queue[head] = 0;
            head = fifo ? (head + 1) % MAX_CLIENTS : 0;
            count--;
            MPI_Send(&holder, 1, MPI_INT, holder, GRANT, MPI_COMM_WORLD);
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
    for (;;) {
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
        serve(argc > 1 && strcmp(argv[1], "fifo") == 0);
    else
        work(rank);
    MPI_Finalize();
    return 0;
}
