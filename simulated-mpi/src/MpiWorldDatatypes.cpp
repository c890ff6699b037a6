// MpiWorld: datatypes as the communication calls see them (the tables live in each RankState;
// the local MPI_Type_* calls work on them directly, see ApiDatatype.cpp).
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <fmt/format.h>

namespace rankfold::mpi {

const Typemap* MpiWorld::datatype(int rank, MPI_Datatype type) const {
    return ranks_[rank].datatypes.find(type).get();
}

std::vector<std::pair<MPI_Datatype, const DatatypeEntry*>>
MpiWorld::leaked_datatypes(int rank) const {
    return ranks_[rank].datatypes.leaked();
}

TypemapRef MpiWorld::usable_datatype(int rank, const RankCall& call, MPI_Datatype type) {
    const DatatypeTable& table = ranks_[rank].datatypes;
    TypemapRef map = table.find(type);
    if (!map) {
        fail(rank, call, MPI_ERR_TYPE, Misuse::InvalidHandle,
             type == MPI_DATATYPE_NULL
                 ? std::string("MPI_DATATYPE_NULL is not a valid datatype here")
                 : fmt::format("invalid datatype handle {:#x} (freed, or never created)", type));
        return {};
    }
    if (!table.committed(type)) {
        fail(rank, call, MPI_ERR_TYPE, Misuse::UncommittedDatatype,
             fmt::format("datatype {:#x} is used before MPI_Type_commit", type));
        return {};
    }
    return map;
}

std::string MpiWorld::type_mismatch_text(const Request& r) {
    const TypeSignature received = r.layout->signature().times(static_cast<std::uint64_t>(r.count));
    std::string text =
        fmt::format("type mismatch: rank {} sent {} (tag {}), received as {}", r.status_source,
                    r.sent.describe(), r.status_tag, received.describe());
    if (!predefined_index(r.datatype)) text += fmt::format(" ({})", datatype_name(r.datatype));
    const SignatureComparison c = compare_signatures(r.sent, received);
    if (c.common > 0) text += fmt::format("; they differ at basic element {}", c.common);
    return text;
}

} // namespace rankfold::mpi
