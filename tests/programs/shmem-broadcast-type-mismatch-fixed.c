/* Title: every PE broadcasts with shmem_int_broadcast (OpenSHMEM, fixed twin of
 * shmem-broadcast-type-mismatch.c). PE 0's 42 reaches both.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-broadcast-type-mismatch-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static int number, got_number;

int main(void) {
    shmem_init();
    number = shmem_my_pe() == 0 ? 42 : -1;
    shmem_int_broadcast(SHMEM_TEAM_WORLD, &got_number, &number, 1, 0);
    printf("PE %d got %d\n", shmem_my_pe(), got_number);
    shmem_finalize();
    return 0;
}
