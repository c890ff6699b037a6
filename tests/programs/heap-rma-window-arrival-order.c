/* One-sided communication over heap memory whose addresses depend on the path: the window
 * table's bases and pending results, and the race monitor's exposed windows and operations,
 * are roots of the heap's canonical form under semantic equality (block and offset), so states
 * that differ only in where those blocks were allocated merge. Ranks 1 and 2 send rank 0 a
 * value; rank 0 takes them from any source, keeps each in a node whose size depends on the
 * value, and allocates its window's memory and its MPI_Get result buffer between the two
 * nodes, so both addresses depend on who came first. It files the nodes by value, creates the
 * window over that memory, and with the get still pending (until the closing fence) receives
 * an acknowledgement from each of ranks 1 and 2 from any source. Exact equality keeps the two
 * orders apart up to the end; semantic equality merges them at that receive, with the race
 * monitor on or off.
 * With `-- other-offset` the get lands one long further into the result buffer when rank 2
 * came first: the two orders then really differ while the get is pending, and stay apart.
 * (Before the window table and the race monitor's remote half fed heap roots: 11 states
 * semantic too, with races checked or not.)
 *
 * RANKFOLD-RUN: -np 3 => ok states=7 transitions=8 executions=1 revisits=2
 * RANKFOLD-RUN: -np 3 --no-races => ok states=7 transitions=8 executions=1 revisits=2
 * RANKFOLD-RUN: -np 3 --state-equality exact => ok states=11 transitions=12 executions=2 revisits=2
 * RANKFOLD-RUN: -np 3 --no-races --state-equality exact => ok states=11 transitions=12 executions=2 revisits=2
 * RANKFOLD-RUN: -np 3 -- other-offset => ok states=11 transitions=12 executions=2 revisits=2
 * RANKFOLD-RUN: -np 3 --no-races -- other-offset => ok states=11 transitions=12 executions=2 revisits=2
 * RANKFOLD-CFLAGS: -O0
 * (At -O0: semantic equality describes frames of unoptimised C only.)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    int value;
    long payload[]; /* value * 4 longs: the node's size depends on its sender */
};

struct node* low;  /* the node of the smaller value */
struct node* high; /* the other one */

static struct node* receive_node(void) {
    int value;
    MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    struct node* n = malloc(sizeof *n + (size_t)value * 4 * sizeof(long));
    n->value = value;
    for (int i = 0; i < value * 4; i++) n->payload[i] = value;
    return n;
}

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int other_offset = argc > 1 && strcmp(argv[1], "other-offset") == 0;
    MPI_Win win;
    if (rank == 0) {
        struct node* first = receive_node();
        /* After the first node: where these lie depends on its size. */
        long* exposed = calloc(4, sizeof *exposed);
        long* results = calloc(2, sizeof *results);
        struct node* second = receive_node();
        const int shift = other_offset && first->value == 2; /* where in it the get lands */
        low = first->value < second->value ? first : second;
        high = first->value < second->value ? second : first;
        first = second = NULL;
        MPI_Win_create(exposed, 4 * sizeof *exposed, sizeof *exposed, MPI_INFO_NULL,
                       MPI_COMM_WORLD, &win);
        MPI_Win_fence(0, win);
        MPI_Get(&results[shift], 1, MPI_LONG, 1, 0, 1, MPI_LONG, win);
        int total = 0;
        for (int i = 0; i < 2; i++) {
            int ack;
            MPI_Recv(&ack, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            total += ack;
        }
        MPI_Win_fence(0, win);
        printf("rank 0: %d + %d, acknowledged %d, got %ld\n", low->value, high->value, total,
               results[shift]);
        MPI_Win_free(&win);
        free(exposed);
        free(results);
        free(low);
        free(high);
    } else {
        long* mine = malloc(4 * sizeof *mine);
        for (int i = 0; i < 4; i++) mine[i] = 10 * rank + i;
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Win_create(mine, 4 * sizeof *mine, sizeof *mine, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
        MPI_Win_fence(0, win);
        MPI_Send(&rank, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
        MPI_Win_fence(0, win);
        MPI_Win_free(&win);
        free(mine);
    }
    MPI_Finalize();
    return 0;
}
