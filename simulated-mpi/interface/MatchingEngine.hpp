// The message-matching rules of MPI point-to-point, and nothing else.
//
// Per receiver, unmatched messages are kept in the order they were sent and posted receives in
// the order they were posted. A (receive, message) pair may match when they are compatible and
//   - no earlier message from the same source and context is compatible with the receive
//     (non-overtaking: a sender's messages are received in order), and
//   - no earlier-posted receive is compatible with the message (receives are served in order).
// Every outcome a real network could produce is a sequence of such matches; which one happens
// first is what a wildcard receive leaves open, and it is the explorer's choice, not ours.
#pragma once

#include "simulated-mpi/src/Payload.hpp"
#include "simulated-mpi/src/TypeSignature.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace rankfold::mpi {

// Identifies a request in its owner's table.
struct RequestRef {
    int rank = -1;
    int slot = -1;
    bool valid() const { return rank >= 0; }
    friend bool operator==(const RequestRef&, const RequestRef&) = default;
};

struct Message {
    std::uint64_t id = 0;
    int source = 0; // rank in the communicator
    int tag = 0;
    int context = 0;          // communicator context id
    Payload payload;          // packed data, copied when the send was posted
    TypeSignature signature;  // the sender's datatype repeated count times, for type matching
    RequestRef sender;        // the send request waiting for this match, if any
    int origin = -1;          // world rank of the sender
    std::size_t buffered = 0; // attached-buffer bytes the sender gets back on delivery
    // The send request of a message whose send completed at its call (buffered), which
    // MPI_Cancel may still take back while that request is active. Not hashed: once the
    // request is gone the link is never followed (see mark_buffered_cancel).
    RequestRef buffered_by{};
    // The sender called MPI_Cancel while this message waited: whether a receive takes it or
    // the cancel does is the explorer's choice (a match of it is never made by the closure).
    bool cancel_pending = false;
    friend bool operator==(const Message&, const Message&) = default;
};

struct PostedReceive {
    std::uint64_t id = 0;
    int source = 0; // or MPI_ANY_SOURCE
    int tag = 0;    // or MPI_ANY_TAG
    int context = 0;
    RequestRef request;
    bool cancel_pending = false; // MPI_Cancel was called on it (see Message::cancel_pending)
    friend bool operator==(const PostedReceive&, const PostedReceive&) = default;
};

struct Match {
    int receiver = 0;
    std::uint64_t receive_id = 0;
    std::uint64_t message_id = 0;
    bool wildcard = false; // the receive is MPI_ANY_SOURCE: which sender it takes is a choice
    int origin = -1;       // world rank of the message's sender
    int receive_slot = -1; // the receive's request slot at the receiver
    bool held = false;     // a side of it is being cancelled: the match is a choice too
    // A match is the pair of ids; the other fields are derived from them.
    friend bool operator==(const Match& a, const Match& b) {
        return a.receiver == b.receiver && a.receive_id == b.receive_id &&
               a.message_id == b.message_id;
    }
};

// A blocking send or receive that found its partner already posted and was matched at its issue
// (PointToPoint's fast path), instead of posting itself and waiting for the closure's matching
// round: the match that round would have made, and what it did to the sender (what
// Message::buffered and Message::sender tell of a message that waited in a queue).
struct DirectMatch {
    Match match;
    bool sent_now = false;       // the call was the send: its message never waited in a queue
    bool sender_request = false; // the match completed the sender's send request
    std::size_t buffered = 0;    // attached-buffer bytes the sender got back
};

class MatchingEngine {
public:
    explicit MatchingEngine(int ranks = 0) : queues_(static_cast<std::size_t>(ranks)) {}

    void post_message(int receiver, Message message);
    void post_receive(int receiver, PostedReceive receive);

    // All matches the rules allow now, receivers in rank order, then receives in posted order,
    // then messages in sent order.
    void allowed_matches(std::vector<Match>& out) const;
    void allowed_matches_for(int receiver, std::vector<Match>& out) const;
    // The first allowed match at `receiver` in that order, if any.
    std::optional<Match> first_allowed_match(int receiver) const;
    // The first allowed match at `receiver` in that order that no choice can change: not a
    // wildcard's, not held by a pending cancel (the closure's matching round makes these).
    std::optional<Match> first_deterministic_match(int receiver) const;

    // The fast path's two questions. The message a source-specific receive posted now at
    // `receiver` takes at once: its source's first compatible message, provided no receive is
    // posted there (an earlier receive would be served first); nullptr if there is none.
    const Message* first_receivable(int receiver, int source, int tag, int context) const;
    // The posted receive at `receiver` that a message sent now with this envelope is matched to
    // by the closure without a choice: the first posted receive that accepts it, if it names
    // its source, its cancel is not pending, and no message of the same sender waiting there
    // comes first (non-overtaking); nullptr otherwise.
    const PostedReceive* first_accepting(int receiver, int source, int tag, int context) const;
    // Removes the entry with this id, which a direct match took.
    void remove_message(int receiver, std::uint64_t id);
    void remove_receive(int receiver, std::uint64_t id);

    // Performs a match: removes both sides and returns them.
    std::pair<PostedReceive, Message> apply(const Match& match);
    // Performs a match, handing both sides to `deliver(receive, message)` before removing them.
    template <class Deliver> void apply(const Match& match, Deliver&& deliver) {
        Queues& q = queues_.at(match.receiver);
        auto [r, m] = locate(q, match);
        deliver(static_cast<const PostedReceive&>(*r), static_cast<const Message&>(*m));
        q.receives.erase(r);
        q.messages.erase(m);
    }

    // A cancel that succeeds: removes the unmatched message a send request waits on (returned),
    // or the posted receive of a receive request; nullopt / false if there is none (matched
    // already, or never queued).
    std::optional<Message> withdraw_message(RequestRef sender);
    bool withdraw_receive(RequestRef request);
    // MPI_Cancel of a send that completed at its call (buffered): marks the newest unmatched
    // message at `receiver` that request `by` sent with this tag and context cancel-pending,
    // and makes `by` its sender (a match then completes the request again); false if there
    // is none. Non-overtaking makes the newest the one of the request's current use: an
    // older one with the same envelope would have been matched first.
    bool mark_buffered_cancel(RequestRef by, int receiver, int tag, int context);
    // MPI_Cancel, the call: marks the unmatched message of send request `request` (`send`) or
    // its posted receive as cancel-pending; false if there is none (matched already).
    bool mark_cancel(RequestRef request, bool send);
    // A queued entry whose cancel is pending: its request, and the receiver whose queue holds
    // it (a send's cancel takes the message out of the receiver's queue).
    struct PendingCancel {
        RequestRef request;
        int queue = -1;
    };
    // Every pending cancel, by queue (receivers in rank order), messages before receives.
    void pending_cancels(std::vector<PendingCancel>& out) const;
    // A probe reported message `id` at `receiver` while its sender's cancel was pending: the
    // cancel fails (a receive after a probe gets the message it reported, MPI 4.0 §3.8.1).
    // Returns the request a buffered send's cancel had made wait again ({} if none): it is
    // complete again, as it was at its call, and the message no longer names it.
    RequestRef cancel_fails(int receiver, std::uint64_t id);
    // A matched probe (MPI_Mprobe) took message `id` at `receiver`: removed and returned.
    Message take_message(int receiver, std::uint64_t id);

    // Messages a probe (or a receive posted now) with these arguments could match, in sent
    // order; none while a posted receive at `receiver` can still be matched.
    void probe_candidates(int receiver, int source, int tag, int context,
                          std::vector<const Message*>& out) const;
    const Message* find_message(int receiver, std::uint64_t id) const;
    const PostedReceive* find_receive(int receiver, std::uint64_t id) const;

    std::size_t pending_messages(int receiver) const { return queues_[receiver].messages.size(); }
    std::size_t pending_receives(int receiver) const { return queues_[receiver].receives.size(); }
    int ranks() const { return static_cast<int>(queues_.size()); }
    // Visits each receiver's queues: f(receiver, messages, receives), for hashing.
    template <class F> void for_each_queue(F&& f) const {
        for (int r = 0; r < ranks(); ++r) f(r, queues_[r].messages, queues_[r].receives);
    }

    friend bool operator==(const MatchingEngine&, const MatchingEngine&) = default;

private:
    struct Queues {
        // Vectors, not deques: queues are short, and an empty vector costs nothing to copy,
        // which every snapshot of the world does for every rank.
        std::vector<Message> messages;
        std::vector<PostedReceive> receives;
        friend bool operator==(const Queues&, const Queues&) = default;
    };
    static Match make_match(int receiver, const Queues& q, std::size_t ri, std::size_t mi);
    bool match_allowed(const Queues& q, std::size_t ri, std::size_t mi) const;
    static std::pair<std::vector<PostedReceive>::iterator, std::vector<Message>::iterator>
    locate(Queues& q, const Match& match);

    std::vector<Queues> queues_;
};

// Whether a receive (or probe) with `source`/`tag`/`context` accepts `message`.
bool accepts(int source, int tag, int context, const Message& message);

} // namespace rankfold::mpi
