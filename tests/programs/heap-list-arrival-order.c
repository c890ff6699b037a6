/* A receiver builds a linked list of heap nodes in the order messages arrive from a wildcard,
 * then sorts it. Ranks 1..3 each send their rank to rank 0, which allocates one node per
 * message, in arrival order, and sorts the list by relinking its nodes; then it takes one
 * acknowledgement per sender, again from any source, and marks the sender's node. After the
 * sort the six arrival orders leave the same list, but its nodes lie at addresses that depend
 * on the order: exact equality keeps the six states apart (and explores the six orders of the
 * acknowledgements six times), semantic equality (the heap's canonical form: blocks numbered in
 * the order the roots reach them, pointers as block numbers) merges them at the first state
 * after the sort. With the argument unsorted the list keeps the arrival order, which the
 * program can tell apart: semantic equality merges nothing more than exact equality does.
 * Semantic: 10 states until the third message, 1 after the sort, 3 + 3 after the first two
 * acknowledgements (the order of two is dead: `from` is written by the next receive), 1 final.
 * Every way back to a state must agree (--backtrack restore, reexecute, auto): a node allocated
 * after going back gets zeroed memory, not the bytes an abandoned path left above the heap's
 * top (which once made a fresh node look acknowledged and counted 33 states here).
 *
 * RANKFOLD-RUN: -np 4 => ok states=18 transitions=27 executions=1 revisits=10
 * RANKFOLD-RUN: -np 4 --state-equality exact => ok states=53 transitions=87 executions=1 revisits=35
 * RANKFOLD-RUN: -np 4 --backtrack restore => ok states=18 transitions=27 executions=1 revisits=10
 * RANKFOLD-RUN: -np 4 --backtrack reexecute => ok states=18 transitions=27 executions=1 revisits=10
 * RANKFOLD-RUN: -np 4 --state-equality exact --backtrack reexecute => ok states=53 transitions=87 executions=1 revisits=35
 * RANKFOLD-RUN: -np 4 -- unsorted => ok states=53 transitions=87 executions=1 revisits=35
 * RANKFOLD-RUN: -np 4 --state-equality exact -- unsorted => ok states=53 transitions=87 executions=1 revisits=35
 * RANKFOLD-CFLAGS: -O0
 * (At -O0: semantic equality describes frames of unoptimised C only.)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    int value;
    int acknowledged;
    struct node* next;
};

static struct node* receive_list(int count) {
    struct node* head = NULL;
    for (int i = 0; i < count; i++) {
        int value;
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        struct node* n = malloc(sizeof *n);
        n->value = value;
        n->next = head;
        head = n;
    }
    return head;
}

/* Insertion sort by relinking: the nodes keep their addresses. */
static struct node* sort_list(struct node* head) {
    struct node* sorted = NULL;
    while (head != NULL) {
        struct node* n = head;
        head = head->next;
        struct node** at = &sorted;
        while (*at != NULL && (*at)->value < n->value) at = &(*at)->next;
        n->next = *at;
        *at = n;
    }
    return sorted;
}

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int unsorted = argc > 1 && strcmp(argv[1], "unsorted") == 0;
    if (rank == 0) {
        struct node* list = receive_list(size - 1);
        if (!unsorted) list = sort_list(list);
        for (int i = 1; i < size; i++) {
            int from;
            MPI_Recv(&from, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (struct node* n = list; n != NULL; n = n->next)
                if (n->value == from) n->acknowledged = 1;
        }
        int order_ok = 1, acknowledged = 0;
        for (struct node* n = list; n != NULL; n = n->next) {
            if (n->next != NULL && n->next->value < n->value) order_ok = 0;
            acknowledged += n->acknowledged;
        }
        printf("rank 0: sorted %d, %d acknowledged\n", order_ok, acknowledged);
        while (list != NULL) {
            struct node* next = list->next;
            free(list);
            list = next;
        }
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Send(&rank, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
