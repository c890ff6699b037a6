// The C arguments of a visible MPI call, in parameter order, as the contract monitor compares
// them (call!(F, 0:6), call_tag!(T, $:*2)): decoded back from the RankCall the simulated MPI
// filled. Point-to-point, persistent, completion, probe and one-sided calls are decoded, the
// collectives (and their I-forms) but MPI_Comm_split_type, MPI_Cart_create and window
// creation, MPI_Win_fence and MPI_Win_free; for others (MPI_Init, MPI_Finalize) the list is
// empty, which contracts read as "any argument".
#pragma once

#include "properties/Event.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/interface/RankCall.hpp"

#include <array>
#include <span>

namespace rankfold::mc {

// Room for the longest decoded list (MPI_Rget_accumulate: 13).
using CallArgumentBuffer = std::array<properties::CallArgument, 13>;

// Fills `out` and returns the used part. With `world` (and the calling `rank`), buffer
// arguments also say how many bytes their count and datatype reach (CallArgument::bytes).
std::span<const properties::CallArgument> call_arguments(const mpi::RankCall& call,
                                                         CallArgumentBuffer& out,
                                                         const mpi::MpiWorld* world = nullptr,
                                                         int rank = -1);

// The pseudo-call Rankfold reports for each request a test (MPI_Test, MPI_Testall, MPI_Testany,
// MPI_Testsome) completed and freed, with the request's address as argument 0: contracts can
// tell a test that completed from one that did not (the call itself is seen before its outcome).
inline constexpr const char* kRequestCompleted = "rankfold_request_completed";

// The request handles a test-kind call was given (up to 32), read before it is issued, so that
// the ones it set to MPI_REQUEST_NULL can be found afterwards.
class TestedRequests {
public:
    explicit TestedRequests(const mpi::RankCall& call);
    // `completed(address)` for each request the call completed and freed.
    template <class F> void each_completed(F completed) const {
        for (int i = 0; i < count_; ++i) {
            MPI_Request now = MPI_REQUEST_NULL;
            MPI_Request* where = call_.requests + i;
            if (before_[i] != MPI_REQUEST_NULL && read(where, now) && now == MPI_REQUEST_NULL)
                completed(where);
        }
    }

private:
    static bool read(const MPI_Request* where, MPI_Request& value);
    const mpi::RankCall& call_;
    std::array<MPI_Request, 32> before_{};
    int count_ = 0;
};

} // namespace rankfold::mc
