// MpiWorld: datatypes as the communication calls see them (the tables live in each RankState;
// the local MPI_Type_* calls work on them directly, see ApiDatatype.cpp).
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <fmt/format.h>

namespace rankfold::mpi {

const Typemap* MpiWorld::datatype(int rank, MPI_Datatype type) const {
    return core_.ranks[rank].datatypes.find(type).get();
}

std::vector<std::pair<MPI_Datatype, const DatatypeEntry*>>
MpiWorld::leaked_datatypes(int rank) const {
    return core_.ranks[rank].datatypes.leaked();
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
