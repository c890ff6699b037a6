// PointToPoint's fast path for blocking MPI_Send and MPI_Recv: when the partner is posted
// already, the call is matched at its issue and returns, with no request of its own, no queue
// entry and no completion step.
//
// It makes the match the closure's matching round would make, only sooner: the one no choice
// can change (MatchingEngine::first_accepting, first_receivable), with the same data, status
// and effect on the sender, and it takes the post id the posted entry would have had, so later
// ids stay the same. What changes is when the caller runs on: at once, instead of one round of
// the closure later. A closed state does not depend on that order (no choice is made inside a
// closure); only the order of the closure's steps does (MpiSystem.hpp). The checker does not
// ask for the fast path where the completion would itself be a choice (a landing the waiting
// rank could see: MpiSystem::direct_allowed).
#include "simulated-mpi/src/Completion.hpp"
#include "simulated-mpi/src/PointToPoint.hpp"
#include "simulated-mpi/src/TypePacking.hpp"

namespace rankfold::mpi {

bool PointToPoint::send_now(WorldCore& core, int rank, const RankCall& call, const SendArgs& a,
                            DirectMatch& direct, bool& failed) {
    // An MPI_Bsend's space in the attached buffer is checked and taken when it is posted.
    if (a.dest == MPI_PROC_NULL || a.mode == SendMode::Buffered) return false;
    const int receiver = receiver_of(core, a);
    const PostedReceive* receive =
        matching_.first_accepting(receiver, a.view.my_rank, a.tag, a.view.id);
    if (receive == nullptr) return false;
    Message m;
    if (!make_message(rank, a, m)) {
        failed = true;
        fail_unreadable_send(core, rank, call, a);
        return false;
    }
    // Errors (a type mismatch, a truncation) go to the receive's request, as in any match.
    deliver(core, receiver, *receive, m);
    // The message would have waited for its receive unless the send completed at its call.
    const bool eager =
        a.mode != SendMode::Synchronous &&
        (call.buffered >= 0 ? call.buffered == 1 : buffering_ == Buffering::Infinite);
    // Field by field: a DirectMatch built whole and copied out is read back as vectors from
    // stores just made (a store-forwarding stall: perf's samples sat on that copy).
    direct.match.receiver = receiver;
    direct.match.receive_id = receive->id;
    direct.match.message_id = m.id;
    direct.match.origin = rank;
    direct.match.receive_slot = receive->request.slot;
    direct.sent_now = true;
    direct.sender_request = !eager;
    matching_.remove_receive(receiver, receive->id);
    return true;
}

bool PointToPoint::receive_now(WorldCore& core, int rank, const RankCall& call,
                               const ReceiveArgs& a, DirectMatch& direct) {
    if (a.source < 0) return false; // MPI_PROC_NULL; MPI_ANY_SOURCE's sender is a choice
    const Message* m = matching_.first_receivable(rank, a.source, a.tag, a.view.id);
    if (m == nullptr || m->cancel_pending) return false;
    // Only a delivery without error: a receive that fails reports it when its request
    // completes, and takes the usual road to do so. Nothing is changed before it is known; the
    // data and status written here are written again, alike, on that road.
    const Typemap& type = *a.layout;
    const std::size_t bytes = m->payload.size();
    if (bytes > type.size() * static_cast<std::size_t>(a.count)) return false;
    if (!signatures_agree(type.signature().times(static_cast<std::uint64_t>(a.count)),
                          m->signature))
        return false;
    if (!unpack(m->payload.data(), bytes, type, a.buffer)) return false;
    if (!Completion::write_status(call.statuses, m->source, m->tag, Completion::kKeepError, bytes))
        return false;
    direct.match.receiver = rank;
    direct.match.receive_id = next_post_id(rank);
    direct.match.message_id = m->id;
    direct.match.origin = m->origin;
    direct.sender_request = m->sender.valid();
    direct.buffered = m->buffered;
    if (m->sender.valid()) core.requests.finish(m->sender.rank, m->sender.slot);
    if (m->buffered > 0) ranks_[m->origin].attached_used -= m->buffered;
    matching_.remove_message(rank, m->id);
    return true;
}

} // namespace rankfold::mpi
