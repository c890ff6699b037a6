// One collective operation that every member has joined, as the family functions see it while
// they move its data: the members' parts, their buffers read and written through each member's
// own datatypes, and the failure the operation reports (on the call that completed it).
//
// The families (CollectiveFamilies.cpp, CollectiveReduction.cpp) each move one kind of data
// and return false after fail() when the members' parts do not fit together.
#pragma once

#include "simulated-mpi/interface/PendingCollective.hpp"
#include "simulated-mpi/interface/Progress.hpp"
#include "simulated-mpi/src/Payload.hpp"
#include "simulated-mpi/src/TypeSignature.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>

namespace rankfold::mpi {

class CollectiveRun {
public:
    // `failure` is where the completing call (`call`, of that rank) records what went wrong.
    CollectiveRun(const WorldCore& core, const PendingCollective& op, const RankCall& call,
                  std::optional<MpiFailure>& failure)
        : core_(core), op_(op), call_(call), failure_(failure) {}

    const CollectivePart& part(int member) const { return op_.parts[member]; }
    const CollectiveArgs& args(int member) const { return op_.parts[member].args; }
    int members() const { return static_cast<int>(op_.parts.size()); }

    // Records the failure; always false.
    bool fail(int code, Misuse misuse, const std::string& message);
    bool unreadable(int member);
    bool mismatch(int from, int to, std::size_t sent, std::size_t expected);

    // Element i of an int array of `member`.
    bool at(int member, const int* array, int i, int& out);
    // Packs `count` x `type` of `member` at `buf` + `byte_offset`.
    bool get(int member, const void* buf, std::ptrdiff_t byte_offset, int count, MPI_Datatype type,
             Payload& out);
    // Unpacks `data` (from member `from`) into member `to`'s buffer, which must expect exactly
    // as many bytes.
    bool put(int from, int to, const Payload& data, void* buf, std::ptrdiff_t byte_offset,
             int count, MPI_Datatype type);
    std::ptrdiff_t extent(int member, MPI_Datatype type) const;
    std::size_t size_of(int member, MPI_Datatype type) const;
    const Typemap* datatype(int member, MPI_Datatype type) const;

    // Packs and unpacks with `member`'s datatype, without reporting.
    bool pack_data(int member, const void* buf, int count, MPI_Datatype type, Payload& out) const;
    bool unpack_data(int member, const std::byte* data, std::size_t bytes, MPI_Datatype type,
                     void* buf) const;
    // inout = in op inout for `count` elements of `member`'s `type`, both packed: a predefined
    // operator element-wise on the basic type the datatype repeats; a user-defined one (the
    // member's own, as it was when the member called) on buffers laid out as `type` says.
    // False after fail() when the operation cannot be applied.
    bool reduce_local(int member, MPI_Op op, MPI_Datatype type, const std::byte* in,
                      std::byte* inout, int count);

private:
    // What get() last packed into each payload: its sender's count, type and type signature, so
    // that put() can compare signatures, not only sizes (MPI 3.1 §5.1: the signature of the data
    // each member sends must equal that of what its receiver expects).
    struct Packed {
        int count;
        MPI_Datatype type;
        TypeSignature signature;
    };
    std::unordered_map<const Payload*, Packed> packed_;

    const WorldCore& core_;
    const PendingCollective& op_;
    const RankCall& call_;
    std::optional<MpiFailure>& failure_;
};

// The families of collective operations: each moves the data of the kinds named after it.
namespace collective {
bool broadcast(CollectiveRun& run); // Bcast
bool gather(CollectiveRun& run);    // Gather, Gatherv
bool scatter(CollectiveRun& run);   // Scatter, Scatterv
bool allgather(CollectiveRun& run); // Allgather, Allgatherv
bool alltoall(CollectiveRun& run);  // Alltoall, Alltoallv, Alltoallw
bool reduction(CollectiveRun& run); // Reduce, Allreduce, Scan, Exscan, ReduceScatter(Block)
// The data movement of any collective but communicator construction (Barrier moves none).
bool execute(CollectiveRun& run);

// Where block j of member `who`'s send (`send`; in place, its receive) or receive buffer is,
// for the Alltoall kinds (v and w: from its counts, displacements and types).
struct BlockSpec {
    std::ptrdiff_t bytes;
    int count;
    MPI_Datatype type;
};
bool block_spec(CollectiveRun& run, int who, bool send, int j, BlockSpec& s);
} // namespace collective

} // namespace rankfold::mpi
