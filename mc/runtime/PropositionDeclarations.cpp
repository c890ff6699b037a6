#include "mc/runtime/PropositionDeclarations.hpp"

#include "mc/runtime/RankRuntime.hpp"
#include "properties/ltl/PropositionSpec.hpp"
#include "snapshot/AppContext.hpp"

#include <fmt/format.h>

namespace rankfold::mc {

PropositionDeclarations& PropositionDeclarations::instance() {
    static PropositionDeclarations declarations;
    return declarations;
}

void PropositionDeclarations::declare(const std::string& name, int rank, const void* address,
                                      std::size_t size) {
    if (!properties::ltl::valid_proposition_name(name)) {
        conflicts_.push_back(fmt::format(
            "rank {} declared the proposition \"{}\": not a name an LTL formula can use (a letter "
            "or '_', then letters, digits and '_'; not an LTL keyword)",
            rank, name));
        return;
    }
    if (size != 1 && size != 2 && size != 4 && size != 8) {
        conflicts_.push_back(fmt::format(
            "rank {} declared the proposition \"{}\" on a variable of {} bytes: use a scalar of "
            "1, 2, 4 or 8 bytes",
            rank, name, size));
        return;
    }
    for (const DeclaredProposition& d : declared_) {
        if (d.name != name) continue;
        if (d.rank == rank && d.address == address) return; // declared again, e.g. in a loop
        if (d.rank != rank)
            conflicts_.push_back(fmt::format(
                "the proposition \"{}\" is declared by rank {} and by rank {}: give each rank "
                "its own name (e.g. \"{}{}\")",
                name, d.rank, rank, name, rank));
        else
            conflicts_.push_back(fmt::format(
                "rank {} declared the proposition \"{}\" twice, on two variables", rank, name));
        return;
    }
    declared_.push_back({name, rank, address, size});
}

} // namespace rankfold::mc

// The entry point <rankfold.h> declares; runs on the calling rank's fiber.
extern "C" __attribute__((visibility("default"))) void
rankfold_prop_sized(const char* name, const void* address, std::size_t size) {
    using rankfold::mc::RankRuntime;
    RankRuntime* runtime = RankRuntime::current();
    if (runtime == nullptr || name == nullptr) return;
    // The registry is the checker's: its memory must not come from the rank's heap.
    const rankfold::snapshot::RuntimeSection checker_memory;
    rankfold::mc::PropositionDeclarations::instance().declare(name, runtime->current_rank(),
                                                              address, size);
}
