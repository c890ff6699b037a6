/* A pending receive whose buffer lies in the heap at an address that depends on the path: the
 * simulated MPI hands its requests' buffers to semantic equality as roots of the heap's
 * canonical form (block and offset), so states that differ only in where that buffer was
 * allocated merge. Ranks 1 and 2 send rank 0 a value; rank 0 takes them from any source, keeps
 * each in a node whose size depends on the value, and allocates the buffer of its next receive
 * between the two nodes, so the buffer's address depends on who came first. It files the nodes
 * by value (the same roots in both orders), posts an MPI_Irecv of an acknowledgement from any
 * source into that buffer, and waits for two. Exact equality keeps the two orders apart up to
 * the end; semantic equality merges them once the receive is posted, with the race monitor on
 * or off: its pending buffers (part of its state) are roots of the canonical form too, and it
 * keeps a mark and a length for a buffer in a live block instead of the address.
 * With `-- other-offset` the receive lands one int further into the buffer when rank 2 came
 * first: the two orders then really differ while the receive is pending, and stay apart.
 *
 * RANKFOLD-RUN: -np 3 => ok states=7 transitions=8 executions=1 revisits=2
 * RANKFOLD-RUN: -np 3 --no-races => ok states=7 transitions=8 executions=1 revisits=2
 * RANKFOLD-RUN: -np 3 --no-races --state-equality exact => ok states=11 transitions=12 executions=2 revisits=2
 * RANKFOLD-RUN: -np 3 --state-equality exact => ok states=11 transitions=12 executions=2 revisits=2
 * RANKFOLD-RUN: -np 3 -- other-offset => ok states=11 transitions=12 executions=2 revisits=2
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
    if (rank == 0) {
        struct node* first = receive_node();
        int* acks = malloc(3 * sizeof *acks); /* after the first node: where depends on it */
        struct node* second = receive_node();
        const int shift = other_offset && first->value == 2; /* where in it the receives go */
        low = first->value < second->value ? first : second;
        high = first->value < second->value ? second : first;
        first = second = NULL;
        int total = 0;
        for (int i = 0; i < 2; i++) {
            MPI_Request request;
            MPI_Irecv(&acks[i + shift], 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &request);
            MPI_Wait(&request, MPI_STATUS_IGNORE);
            total += acks[i + shift];
        }
        printf("rank 0: %d + %d, acknowledged %d\n", low->value, high->value, total);
        free(acks);
        free(low);
        free(high);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Send(&rank, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
