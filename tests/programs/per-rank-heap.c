/* Per-rank heap: each rank builds, walks and frees its own malloc'd linked list.
 * Rank r builds a list of r+3 nodes, then the ranks exchange list lengths around the ring so
 * the others run in between; each list must come back intact and the lengths must agree.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 4 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node* next;
};

int main(int argc, char** argv) {
    int rank, size, left_len = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    struct node* head = NULL;
    int len = rank + 3;
    for (int i = len - 1; i >= 0; i--) {
        struct node* n = malloc(sizeof *n);
        n->value = rank * 10 + i;
        n->next = head;
        head = n;
    }
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Sendrecv(&len, 1, MPI_INT, right, 0, &left_len, 1, MPI_INT, left, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    assert(left_len == left + 3);
    int count = 0, sum = 0;
    for (struct node* n = head; n; n = n->next) {
        assert(n->value == rank * 10 + count);
        sum += n->value;
        count++;
    }
    assert(count == len);
    while (head) {
        struct node* next = head->next;
        free(head);
        head = next;
    }
    printf("rank %d: list of %d nodes, sum %d, left has %d\n", rank, count, sum, left_len);
    MPI_Finalize();
    return 0;
}
