/* Title: sum reductions on the even and odd teams of a strided split, a max on the world
 * (OpenSHMEM teams and reductions).
 * Each PE splits the world into the even PEs and the odd PEs (getting SHMEM_TEAM_INVALID
 * for the team it is not in), sums two longs over its own team, and takes the maximum over the
 * world. By hand, at 4 PEs: the even team {0, 2} sums 1 + 3 = 4 and 10 + 30 = 40, the odd
 * team {1, 3} sums 2 + 4 = 6 and 20 + 40 = 60; the world maximum of 10 * (PE + 1) is 40.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-team-reduce.expected
 */
#include <shmem.h>
#include <stdio.h>

static long source[2], sums[2], biggest;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    const int n = shmem_n_pes();
    shmem_team_t even, odd;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, NULL, 0, &even);
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, n / 2, NULL, 0, &odd);
    const shmem_team_t mine = me % 2 == 0 ? even : odd;
    const shmem_team_t other = me % 2 == 0 ? odd : even;
    source[0] = me + 1;
    source[1] = 10 * (me + 1);
    shmem_long_sum_reduce(mine, sums, source, 2);
    shmem_long_max_reduce(SHMEM_TEAM_WORLD, &biggest, &source[1], 1);
    printf("PE %d: team PE %d of %d (its PE 0 is world PE %d, other team %s), sums %ld %ld, "
           "world max %ld\n",
           me, shmem_team_my_pe(mine), shmem_team_n_pes(mine),
           shmem_team_translate_pe(mine, 0, SHMEM_TEAM_WORLD),
           other == SHMEM_TEAM_INVALID ? "invalid" : "valid", sums[0], sums[1], biggest);
    shmem_team_destroy(mine);
    shmem_team_destroy(other); /* SHMEM_TEAM_INVALID: nothing to do */
    shmem_finalize();
    return 0;
}
