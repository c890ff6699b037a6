// Point-to-point communication, a part of MpiWorld: posting sends and receives (with their
// argument checks), persistent requests, the MPI_Bsend attached buffers, the matching engine
// that holds what is posted, and delivery when a match is applied. A value type: it holds the
// data that is its own (the queues, the attached buffers, the post counters, the buffering of
// standard sends) and is given the rest of the world (requests, communicators, failures) with
// each call.
#pragma once

#include "simulated-mpi/interface/MatchingEngine.hpp"
#include "simulated-mpi/interface/Progress.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/src/TypePacking.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace rankfold::mpi {

class StateHasher;

class PointToPoint {
public:
    PointToPoint(int ranks, Buffering buffering)
        : buffering_(buffering), ranks_(static_cast<std::size_t>(ranks)), matching_(ranks) {}

    Buffering buffering() const { return buffering_; }
    const MatchingEngine& matching() const { return matching_; }

    // Whether issue() handles calls of this kind.
    static bool handles(CallKind kind);
    // MPI_Cancel of request `slot` of `rank`, the call: a send whose message waits unmatched
    // (and whose request waits for that match) or a receive not matched yet is marked
    // cancel-pending in its queue; whether it is then cancelled (cancel() below) or matches
    // normally is the explorer's choice. So is a buffered send's while its message waits (its
    // request, complete at its call, waits for the outcome again). False, and nothing
    // changes, when the operation has matched or completed.
    bool request_cancel(WorldCore& core, int rank, int slot);
    // The cancel succeeds: takes back the pending operation of request `slot` of `rank`, which
    // then completes as cancelled. False, and nothing changes, if it has matched.
    bool cancel(WorldCore& core, int rank, int slot);
    // Posts what `call` asks for (sends, receives, persistent requests and their start,
    // Sendrecv, Probe's checks, attaching and detaching the Bsend buffer). With `direct`, a
    // blocking MPI_Send or MPI_Recv whose partner is posted already takes the fast path
    // (PointToPointDirect.cpp): matched at once, without a request or a queue entry, it is
    // Done, and `direct` says what the match was.
    Progress issue(WorldCore& core, int rank, RankCall& call, DirectMatch* direct = nullptr);
    // Checks the arguments of a probe; false after fail().
    static bool check_probe(WorldCore& core, int rank, const RankCall& call);
    // Messages a probe of `call` (on a valid communicator) could report, in matching order.
    void probe_candidates(const WorldCore& core, int rank, const RankCall& call,
                          std::vector<const Message*>& out) const;
    // A probe of `rank` reports `message`, whose sender's cancel is pending: the cancel fails
    // (MatchingEngine::cancel_fails); a buffered send's request is complete again.
    void probe_decides_cancel(WorldCore& core, int rank, const Message& message);
    // MPI_Mprobe/MPI_Improbe matched `message` (a probe candidate of `call` at `rank`): takes
    // it out of the queue, so that no receive can match it, and returns its MPI_Message.
    MPI_Message take_matched(int rank, const RankCall& call, const Message& message);
    // MPI_Mrecv/MPI_Imrecv: receives the matched message `call.message` names into a new
    // request (complete at once) and returns its slot; -1 after fail().
    int receive_matched(WorldCore& core, int rank, RankCall& call);
    // Messages taken by a matched probe and not received yet (for the leak check at
    // MPI_Finalize).
    std::vector<const Message*> matched_unreceived(int rank) const;
    // Performs a match the engine allows: delivers the data and completes both requests.
    void apply_match(WorldCore& core, const Match& match);
    // How many messages and receives `rank` has posted, and the id of its n-th post.
    std::uint64_t posts(int rank) const { return ranks_[rank].posts; }
    static std::uint64_t post_id(int rank, std::uint64_t n) {
        return static_cast<std::uint64_t>(rank + 1) << 40 | n;
    }
    // MPI_Buffer_detach waits until the buffered messages of `rank` have left.
    bool detach_ready(int rank) const { return ranks_[rank].attached_used == 0; }
    Progress complete_detach(int rank, const RankCall& call);

    // `rank`'s attached buffer, fed where the world's hash has always had it.
    void feed_attached(StateHasher& h, int rank) const;
    // The queues of every receiver.
    void feed_queues(StateHasher& h) const;
    friend bool operator==(const PointToPoint&, const PointToPoint&) = default;

    // `layout` is the datatype's typemap: resolved by the checks, or given by a persistent
    // request (which keeps it even if the program frees the datatype).
    struct SendArgs {
        const void* buffer;
        int count;
        MPI_Datatype type;
        int dest;
        int tag;
        MPI_Comm comm;
        SendMode mode;
        TypemapRef layout = {};
        WorldCore::CommView view = {}; // set by check_send: the handle is looked up once
    };
    struct ReceiveArgs {
        void* buffer;
        int count;
        MPI_Datatype type;
        int source;
        int tag;
        MPI_Comm comm;
        TypemapRef layout = {};
        WorldCore::CommView view = {}; // set by check_receive
    };

private:
    static SendArgs send_args(const RankCall& c) {
        return {c.send_buffer, c.send_count, c.send_type, c.dest, c.send_tag, c.comm, c.mode};
    }
    static ReceiveArgs receive_args(const RankCall& c) {
        return {c.recv_buffer, c.recv_count, c.recv_type, c.source, c.recv_tag, c.comm};
    }
    struct RankChannels {
        std::uintptr_t attached_buffer = 0;
        int attached_size = 0;
        std::size_t attached_used = 0;
        std::uint64_t posts = 0; // messages and receives posted, for their ids
        // Messages a matched probe took (MPI_Message index - 1), with their communicator; a
        // free slot has message id 0. Lowest free slot first, trailing free ones dropped.
        std::vector<std::pair<Message, MPI_Comm>> matched;
        friend bool operator==(const RankChannels&, const RankChannels&) = default;
    };

    // Ids of messages and posted receives: unique, and a function of the posting rank's own
    // history only, so that interleavings that commute give identical states.
    std::uint64_t next_post_id(int rank) { return post_id(rank, ++ranks_[rank].posts); }
    static bool check_send(WorldCore& core, int rank, const RankCall& call, SendArgs& a);
    static bool check_receive(WorldCore& core, int rank, const RankCall& call, ReceiveArgs& a,
                              bool probe);
    static void fail_unreadable_send(WorldCore& core, int rank, const RankCall& call,
                                     const SendArgs& a);
    // The message a send of checked arguments `a` posts: a new id, the envelope, the signature
    // and the packed data; false if the send buffer is not readable (m.id is taken anyway, as
    // it always was). Inline: both the fast path and posting build one per blocking send.
    bool make_message(int rank, const SendArgs& a, Message& m) {
        m.id = next_post_id(rank);
        m.source = a.view.my_rank;
        m.tag = a.tag;
        m.context = a.view.id;
        m.origin = rank;
        m.signature = a.layout->signature().times(static_cast<std::uint64_t>(a.count));
        return pack(a.buffer, static_cast<std::uint64_t>(a.count), *a.layout, m.payload);
    }
    // The world rank a send of checked arguments `a` goes to. The message's source is the
    // sender's rank in its own group, which is the receiver's remote group on an
    // intercommunicator.
    static int receiver_of(const WorldCore& core, const SendArgs& a) {
        return core.comms.communicator(a.view.id).members[a.view.remote_offset + a.dest];
    }
    // Posting: the request slot, or -1 after fail(). `slot` reuses a persistent request.
    // With `direct` (a blocking call), kMatchedNow after the fast path took it.
    static constexpr int kMatchedNow = -2;
    int post_send(WorldCore& core, int rank, const RankCall& call, SendArgs a, int slot = -1,
                  DirectMatch* direct = nullptr);
    // `queue` false: the request only, for a message already in hand (MPI_Mrecv).
    int post_receive(WorldCore& core, int rank, const RankCall& call, ReceiveArgs a, int slot = -1,
                     bool queue = true, DirectMatch* direct = nullptr);
    // The fast path (PointToPointDirect.cpp), on checked arguments: true when the call was
    // matched with its posted partner and is done; false, with nothing changed, when it is to
    // be posted. A failure to read the send buffer is reported (fail()) as posting reports it.
    bool send_now(WorldCore& core, int rank, const RankCall& call, const SendArgs& a,
                  DirectMatch& direct, bool& failed);
    bool receive_now(WorldCore& core, int rank, const RankCall& call, const ReceiveArgs& a,
                     DirectMatch& direct);
    static int create_persistent(WorldCore& core, int rank, const RankCall& call);
    bool start(WorldCore& core, int rank, const RankCall& call, MPI_Request handle);
    Progress attach(WorldCore& core, int rank, const RankCall& call);
    // MPI_Isendrecv(_replace): posts both halves, the program's request is the receive's.
    Progress post_sendrecv(WorldCore& core, int rank, RankCall& call);
    void deliver(WorldCore& core, int receiver, const PostedReceive& receive,
                 const Message& message);

    Buffering buffering_;
    std::vector<RankChannels> ranks_;
    MatchingEngine matching_;
};

} // namespace rankfold::mpi
