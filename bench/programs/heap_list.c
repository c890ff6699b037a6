/* Heap-heavy workload for the state-equality benchmark: rank 0 keeps a linked list of heap
 * nodes, one per message, appended in the order messages arrive from a wildcard, and sorts it
 * after every round; then it takes one acknowledgement per sender, again from any source.
 * Usage: heap_list ROUNDS. The list grows by size-1 nodes per round and is never freed before
 * the end: under exact equality every arrival order of every round leaves its nodes at other
 * addresses, so the rounds multiply; the heap's canonical form merges the orders once sorted.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    long value;
    struct node* next;
};

static struct node* sorted_insert(struct node* list, struct node* n) {
    struct node** at = &list;
    while (*at != NULL && (*at)->value < n->value) at = &(*at)->next;
    n->next = *at;
    *at = n;
    return list;
}

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int rounds = argc > 1 ? atoi(argv[1]) : 2;
    if (rank == 0) {
        struct node* list = NULL;
        for (int round = 0; round < rounds; round++) {
            struct node* arrived = NULL;
            for (int i = 1; i < size; i++) {
                long value;
                MPI_Recv(&value, 1, MPI_LONG, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
                struct node* n = malloc(sizeof *n);
                n->value = value;
                n->next = arrived;
                arrived = n;
            }
            while (arrived != NULL) {
                struct node* n = arrived;
                arrived = arrived->next;
                list = sorted_insert(list, n);
            }
            for (int i = 1; i < size; i++) {
                long ack;
                MPI_Recv(&ack, 1, MPI_LONG, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            }
        }
        long sum = 0;
        while (list != NULL) {
            struct node* next = list->next;
            sum += list->value;
            free(list);
            list = next;
        }
        printf("sum %ld\n", sum);
    } else {
        for (int round = 0; round < rounds; round++) {
            const long value = 100L * round + rank;
            MPI_Send(&value, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD);
            MPI_Send(&value, 1, MPI_LONG, 0, 1, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
