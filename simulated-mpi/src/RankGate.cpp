#include "simulated-mpi/interface/RankGate.hpp"

#include <cstdio>
#include <cstdlib>

namespace rankfold::mpi {
namespace {
RankGate* g_gate = nullptr;
}

void install_rank_gate(RankGate* gate) {
    g_gate = gate;
}

RankGate* installed_rank_gate() {
    return g_gate;
}

RankGate& rank_gate() {
    if (g_gate == nullptr) {
        // An MPI call outside rankfold-run (e.g. from a static constructor).
        std::fputs("rankfold: MPI called outside a rank (run the program with rankfold-run)\n",
                   stderr);
        std::abort();
    }
    return *g_gate;
}

} // namespace rankfold::mpi
