/* A server loop that allocates heap blocks in an order the matches decide. Ranks 1 and 2 each
 * send rank 0 three requests, one at a time, waiting for the answer to each; the server takes
 * them from any source, allocates a session block for a client at its first request (so the
 * first client to come gets the lower address), and for every request a block for the answer,
 * which it sends and frees. When both clients have come, the sessions hold the same values
 * whichever came first, but at swapped addresses: exact equality keeps those states apart and
 * explores the rest twice, semantic equality (the heap's canonical form: the global table of
 * sessions reaches its blocks in index order) merges them. With the argument leak-answers the
 * answer blocks are not freed: unreachable from the program, they are garbage and do not
 * tell states apart under semantic equality (24 states, as when they are freed), while under
 * exact equality the leaked blocks move every later block (50 states).
 *
 * RANKFOLD-RUN: -np 3 => ok states=24 transitions=36 executions=1 revisits=13
 * RANKFOLD-RUN: -np 3 --state-equality exact => ok states=34 transitions=50 executions=1 revisits=17
 * RANKFOLD-RUN: -np 3 -- leak-answers => ok states=24 transitions=36 executions=1 revisits=13
 * RANKFOLD-RUN: -np 3 --state-equality exact -- leak-answers => ok states=50 transitions=68 executions=1 revisits=19
 * RANKFOLD-CFLAGS: -O0
 * (At -O0: semantic equality describes frames of unoptimised C only.)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQUESTS 3
#define MAX_CLIENTS 4

struct session {
    int client;
    int served;
    long total;
};

static struct session* sessions[MAX_CLIENTS];

static void answer(int c, int leak_answers) {
    long* a = malloc(2 * sizeof *a);
    a[0] = sessions[c]->served;
    a[1] = sessions[c]->total;
    MPI_Send(a, 2, MPI_LONG, c, 1, MPI_COMM_WORLD);
    if (!leak_answers) free(a);
}

static void serve(int clients, int leak_answers) {
    for (int k = 0; k < clients * REQUESTS; k++) {
        int request[2];
        MPI_Recv(request, 2, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        const int c = request[0];
        if (sessions[c] == NULL) {
            sessions[c] = malloc(sizeof *sessions[c]);
            sessions[c]->client = c;
            sessions[c]->served = 0;
            sessions[c]->total = 0;
        }
        sessions[c]->served++;
        sessions[c]->total += request[1];
        answer(c, leak_answers);
    }
}

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int leak_answers = argc > 1 && strcmp(argv[1], "leak-answers") == 0;
    if (rank == 0) {
        serve(size - 1, leak_answers);
        for (int c = 1; c < size; c++) {
            printf("client %d: %d requests, total %ld\n", c, sessions[c]->served,
                   sessions[c]->total);
            free(sessions[c]);
            sessions[c] = NULL;
        }
    } else {
        long answer[2] = {0, 0};
        for (int i = 0; i < REQUESTS; i++) {
            int request[2] = {rank, 10 * rank + i};
            MPI_Send(request, 2, MPI_INT, 0, 0, MPI_COMM_WORLD);
            MPI_Recv(answer, 2, MPI_LONG, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        printf("rank %d: last answer %ld %ld\n", rank, answer[0], answer[1]);
    }
    MPI_Finalize();
    return 0;
}
