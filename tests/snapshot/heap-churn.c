/* Heap churn between MPI calls, for the snapshot self-test (rankfold-run --check-snapshots).
 * Each rank keeps a linked list on its heap, grows, shrinks and reallocates a buffer, and
 * updates globals, a static local and stack arrays between messages around a ring; the final
 * checksums depend on all of it, so a restore that misses any byte changes the output.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    struct node* next;
    int value;
    char label[20];
};

static struct node* list;
static long global_sum;
int global_array[300];

static int counter(void) {
    static int calls;
    return ++calls;
}

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    char* buffer = malloc(16);
    size_t capacity = 16;
    long stack_data[64];
    memset(stack_data, 0, sizeof stack_data);
    int token = rank;
    for (int round = 0; round < 6; ++round) {
        struct node* n = malloc(sizeof *n);
        n->value = token * 10 + round;
        snprintf(n->label, sizeof n->label, "r%d-%d", rank, round);
        n->next = list;
        list = n;
        if (round % 2 == 1) { /* drop the second element: frees in the middle of the heap */
            struct node* second = list->next;
            list->next = second->next;
            global_sum += second->value;
            free(second);
        }
        capacity = round % 3 == 2 ? capacity / 2 + 8 : capacity * 3;
        buffer = realloc(buffer, capacity);
        memset(buffer, 'a' + round, capacity);
        global_array[(rank * 37 + round * 11) % 300] += token;
        stack_data[round * 7 % 64] = token + counter();
        if (rank == 0) {
            MPI_Send(&token, 1, MPI_INT, right, round, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_INT, left, round, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&token, 1, MPI_INT, left, round, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            token += rank + round;
            MPI_Send(&token, 1, MPI_INT, right, round, MPI_COMM_WORLD);
        }
    }
    long checksum = global_sum;
    for (struct node* n = list; n != NULL; n = n->next)
        checksum = checksum * 31 + n->value + n->label[1];
    for (size_t i = 0; i < capacity; ++i) checksum += buffer[i];
    for (int i = 0; i < 300; ++i) checksum += (long)global_array[i] * (i + 1);
    for (int i = 0; i < 64; ++i) checksum ^= stack_data[i] << (i % 13);
    printf("rank %d token %d checksum %ld calls %d\n", rank, token, checksum, counter());
    while (list != NULL) {
        struct node* next = list->next;
        free(list);
        list = next;
    }
    free(buffer);
    MPI_Finalize();
    return 0;
}
