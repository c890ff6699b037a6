/* An integer that holds a heap address is a number, not a pointer: the typed heap walk reads a
 * `long` as its bytes even when it equals the address of a live block. Ranks 1..3 each send
 * their rank to rank 0, which allocates one node per message in arrival order and sorts the
 * list by relinking (as heap-list-arrival-order.c); then it keeps the first node's address in a
 * global `long` (a key for a table by address, say) and takes one acknowledgement per sender.
 * The six arrival orders leave the same list, but the key differs with the order: the program
 * can tell the states apart, and semantic equality keeps them apart (it still merges states
 * before the key is set and after the list is freed). Blocks untyped, the key would be taken
 * for a pointer to the list's first block, the same in every order, and the six states merged
 * (RANKFOLD_TYPED_HEAP=off: 18 states, 1 execution). With the
 * argument `value` the global holds the first node's value instead, equal in every order:
 * semantic equality merges the orders after the sort.
 *
 * RANKFOLD-RUN: -np 4 => ok states=34 transitions=51 executions=3 revisits=18
 * RANKFOLD-RUN: -np 4 --state-equality exact => ok states=55 transitions=87 executions=3 revisits=33
 * RANKFOLD-RUN: -np 4 -- value => ok states=18 transitions=27 executions=1 revisits=10
 * RANKFOLD-RUN: -np 4 --state-equality exact -- value => ok states=53 transitions=87 executions=1 revisits=35
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

long first_key; /* the first node's address, or its value */

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
    const int by_value = argc > 1 && strcmp(argv[1], "value") == 0;
    if (rank == 0) {
        struct node* list = sort_list(receive_list(size - 1));
        first_key = by_value ? list->value : (long)list;
        for (int i = 1; i < size; i++) {
            int from;
            MPI_Recv(&from, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (struct node* n = list; n != NULL; n = n->next)
                if (n->value == from) n->acknowledged = 1;
        }
        const long expected = by_value ? list->value : (long)list;
        printf("rank 0: key %s\n", first_key == expected ? "found" : "lost");
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
