/* Title: an atomic counter on PE 0 that every PE increments (OpenSHMEM atomics).
 * Each PE takes a ticket with shmem_atomic_fetch_inc and adds its number with
 * shmem_atomic_add; after the barrier PE 0 prints the totals, the same in every order.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-atomic-counter.expected
 */
#include <shmem.h>
#include <stdio.h>

static long tickets = 0;
static int sum = 0;
static unsigned int bits = 0;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    const long ticket = shmem_atomic_fetch_inc(&tickets, 0);
    shmem_int_atomic_add(&sum, me + 1, 0);
    shmem_uint_atomic_or(&bits, 1u << me, 0);
    shmem_barrier_all();
    if (ticket < 0) printf("PE %d: impossible ticket\n", me);
    if (me == 0) {
        const int total = sum;
        const int swapped = shmem_int_atomic_swap(&sum, 0, 0);
        printf("tickets %ld, sum %d, bits %#x, swap gave %d, now %d\n", tickets, total, bits,
               swapped, sum);
    }
    shmem_finalize();
    return 0;
}
