// PointToPoint's matched probes (MPI 3.1 §3.8.2–3.8.3): MPI_Mprobe/MPI_Improbe take the message
// they report out of the receiver's queue, so that no other receive can match it, and hand the
// program an MPI_Message; MPI_Mrecv/MPI_Imrecv receive exactly that message. Which message a
// wildcard Mprobe takes is the explorer's choice, as for MPI_Probe (the ProbeReport and
// TestOutcome families: a probe's choices touch only its own rank's queue and call).
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/PointToPoint.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mpi {

MPI_Message PointToPoint::take_matched(int rank, const RankCall& call, const Message& message) {
    auto& matched = ranks_[rank].matched;
    auto it = std::find_if(matched.begin(), matched.end(),
                           [](const auto& entry) { return entry.first.id == 0; });
    if (it == matched.end()) it = matched.emplace(matched.end());
    const auto slot = static_cast<int>(it - matched.begin());
    const std::uint64_t id = message.id; // `message` lives in the queue it is taken from
    *it = {matching_.take_message(rank, id), call.comm};
    // MPI_MESSAGE_NO_PROC is index 0: matched messages count from 1.
    return make_handle(RF_KIND_MESSAGE, slot + 1);
}

int PointToPoint::receive_matched(WorldCore& core, int rank, RankCall& call) {
    MPI_Message handle = MPI_MESSAGE_NULL;
    if (!read_app(call.message, handle))
        return core.fail(rank, call, MPI_ERR_ARG, "the message argument is not readable"), -1;
    auto& matched = ranks_[rank].matched;
    const std::optional<int> index = handle_index(handle, RF_KIND_MESSAGE);
    const bool no_proc = handle == MPI_MESSAGE_NO_PROC;
    const auto slot = index ? static_cast<std::size_t>(*index) - 1 : matched.size();
    if (!no_proc && (slot >= matched.size() || matched[slot].first.id == 0))
        return core.fail(rank, call, MPI_ERR_REQUEST, Misuse::InvalidHandle,
                         handle == MPI_MESSAGE_NULL
                             ? std::string("MPI_MESSAGE_NULL is not a message to receive")
                             : fmt::format("invalid message {:#x} (received already, or never "
                                           "returned by MPI_Mprobe/MPI_Improbe)",
                                           handle)),
               -1;
    // The receive's arguments are checked as a receive on the message's communicator.
    ReceiveArgs a{call.recv_buffer, call.recv_count,
                  call.recv_type,   no_proc ? MPI_PROC_NULL : MPI_ANY_SOURCE,
                  MPI_ANY_TAG,      no_proc ? MPI_COMM_SELF : matched[slot].second};
    const int r = post_receive(core, rank, call, a, -1, false);
    if (r < 0) return -1;
    if (!no_proc) {
        const auto [message, comm] = std::move(matched[slot]);
        matched[slot] = {};
        while (!matched.empty() && matched.back().first.id == 0) matched.pop_back();
        const auto v = core.view(rank, comm);
        deliver(core, rank, PostedReceive{0, a.source, a.tag, v ? v->id : 0, RequestRef{rank, r}},
                message);
    }
    core.requests.at(rank, r).immediate = true;
    write_out(call.message, MPI_MESSAGE_NULL);
    return r;
}

std::vector<const Message*> PointToPoint::matched_unreceived(int rank) const {
    std::vector<const Message*> out;
    for (const auto& [message, comm] : ranks_[rank].matched)
        if (message.id != 0) out.push_back(&message);
    return out;
}

} // namespace rankfold::mpi
