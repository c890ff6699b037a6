// WorldCore: the failures the parts record and the lookups they share.
#include "simulated-mpi/src/WorldCore.hpp"

#include <fmt/format.h>

#include <utility>

namespace rankfold::mpi {

int WorldCore::world_rank(int rank, MPI_Comm comm, int comm_rank) const {
    return comms.communicator(view(rank, comm)->id).members[comm_rank];
}

Progress WorldCore::fail(int rank, const RankCall& call, int code, std::string message) {
    return fail(rank, call, code, misuse_of_error(code), std::move(message));
}

Progress WorldCore::fail(int rank, const RankCall& call, int code, std::optional<Misuse> misuse,
                         std::string message) {
    ranks[rank].failure = MpiFailure{code, misuse, fmt::format("{}: {}", call.name, message)};
    return Progress::Failed;
}

TypemapRef WorldCore::usable_datatype(int rank, const RankCall& call, MPI_Datatype type) {
    // One lookup of the handle (every send and receive comes here): a derived type's entry
    // says whether it is committed, and a predefined type always is.
    const DatatypeTable& table = ranks[rank].datatypes;
    if (const DatatypeEntry* e = table.derived(type)) {
        if (!e->committed) {
            fail(rank, call, MPI_ERR_TYPE, Misuse::UncommittedDatatype,
                 fmt::format("datatype {:#x} is used before MPI_Type_commit", type));
            return {};
        }
        return e->map;
    }
    TypemapRef map = predefined_typemap(type);
    if (!map) {
        fail(rank, call, MPI_ERR_TYPE, Misuse::InvalidHandle,
             type == MPI_DATATYPE_NULL
                 ? std::string("MPI_DATATYPE_NULL is not a valid datatype here")
                 : fmt::format("invalid datatype handle {:#x} (freed, or never created)", type));
        return {};
    }
    return map;
}

std::string invalid_comm_text(MPI_Comm comm) {
    if (comm == MPI_COMM_NULL) return "MPI_COMM_NULL is not a valid communicator here";
    return fmt::format("invalid communicator handle {:#x}", comm);
}

} // namespace rankfold::mpi
