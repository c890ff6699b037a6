#include "simulated-mpi/interface/MatchingEngine.hpp"

#include <mpi.h>

#include <algorithm>
#include <stdexcept>

namespace rankfold::mpi {

bool accepts(int source, int tag, int context, const Message& message) {
    return context == message.context && (source == MPI_ANY_SOURCE || source == message.source) &&
           (tag == MPI_ANY_TAG || tag == message.tag);
}

namespace {
bool accepts(const PostedReceive& r, const Message& m) {
    return accepts(r.source, r.tag, r.context, m);
}
} // namespace

void MatchingEngine::post_message(int receiver, Message message) {
    queues_.at(receiver).messages.push_back(std::move(message));
}

std::optional<Message> MatchingEngine::withdraw_message(RequestRef sender) {
    for (Queues& q : queues_)
        for (auto it = q.messages.begin(); it != q.messages.end(); ++it)
            if (it->sender == sender) {
                Message m = std::move(*it);
                q.messages.erase(it);
                return m;
            }
    return std::nullopt;
}

RequestRef MatchingEngine::cancel_fails(int receiver, std::uint64_t id) {
    for (Message& m : queues_.at(receiver).messages) {
        if (m.id != id) continue;
        m.cancel_pending = false;
        if (!m.buffered_by.valid() || m.sender != m.buffered_by) return {};
        const RequestRef reopened = m.sender;
        m.sender = RequestRef{};
        return reopened;
    }
    return {};
}

Message MatchingEngine::take_message(int receiver, std::uint64_t id) {
    auto& messages = queues_.at(receiver).messages;
    auto it = std::find_if(messages.begin(), messages.end(),
                           [id](const Message& m) { return m.id == id; });
    Message m = std::move(*it);
    messages.erase(it);
    return m;
}

bool MatchingEngine::mark_buffered_cancel(RequestRef by, int receiver, int tag, int context) {
    auto& messages = queues_.at(receiver).messages;
    const auto newest = std::find_if(messages.rbegin(), messages.rend(), [&](const Message& m) {
        return m.buffered_by == by && m.tag == tag && m.context == context;
    });
    if (newest == messages.rend()) return false;
    newest->sender = by;
    newest->cancel_pending = true;
    return true;
}

bool MatchingEngine::withdraw_receive(RequestRef request) {
    auto& receives = queues_.at(request.rank).receives;
    const auto it = std::find_if(receives.begin(), receives.end(),
                                 [&](const PostedReceive& r) { return r.request == request; });
    if (it == receives.end()) return false;
    receives.erase(it);
    return true;
}

bool MatchingEngine::mark_cancel(RequestRef request, bool send) {
    for (Queues& q : queues_) {
        if (send) {
            for (Message& m : q.messages)
                if (m.sender == request) return m.cancel_pending = true;
        } else {
            for (PostedReceive& r : q.receives)
                if (r.request == request) return r.cancel_pending = true;
        }
    }
    return false;
}

void MatchingEngine::pending_cancels(std::vector<PendingCancel>& out) const {
    for (int receiver = 0; receiver < ranks(); ++receiver) {
        const Queues& q = queues_[static_cast<std::size_t>(receiver)];
        for (const Message& m : q.messages)
            if (m.cancel_pending) out.push_back({m.sender, receiver});
        for (const PostedReceive& r : q.receives)
            if (r.cancel_pending) out.push_back({r.request, receiver});
    }
}

void MatchingEngine::post_receive(int receiver, PostedReceive receive) {
    queues_.at(receiver).receives.push_back(receive);
}

Match MatchingEngine::make_match(int receiver, const Queues& q, std::size_t ri, std::size_t mi) {
    const PostedReceive& r = q.receives[ri];
    const Message& m = q.messages[mi];
    return Match{receiver,
                 r.id,
                 m.id,
                 r.source == MPI_ANY_SOURCE,
                 m.origin,
                 r.request.slot,
                 r.cancel_pending || m.cancel_pending};
}

bool MatchingEngine::match_allowed(const Queues& q, std::size_t ri, std::size_t mi) const {
    const PostedReceive& r = q.receives[ri];
    const Message& m = q.messages[mi];
    if (!accepts(r, m)) return false;
    for (std::size_t i = 0; i < mi; ++i) {
        const Message& earlier = q.messages[i];
        if (earlier.source == m.source && earlier.context == m.context && accepts(r, earlier))
            return false;
    }
    for (std::size_t i = 0; i < ri; ++i)
        if (accepts(q.receives[i], m)) return false;
    return true;
}

void MatchingEngine::allowed_matches_for(int receiver, std::vector<Match>& out) const {
    const Queues& q = queues_[receiver];
    for (std::size_t ri = 0; ri < q.receives.size(); ++ri)
        for (std::size_t mi = 0; mi < q.messages.size(); ++mi)
            if (match_allowed(q, ri, mi)) out.push_back(make_match(receiver, q, ri, mi));
}

void MatchingEngine::allowed_matches(std::vector<Match>& out) const {
    for (int r = 0; r < ranks(); ++r) allowed_matches_for(r, out);
}

std::optional<Match> MatchingEngine::first_allowed_match(int receiver) const {
    const Queues& q = queues_[receiver];
    if (q.receives.empty() || q.messages.empty()) return std::nullopt;
    for (std::size_t ri = 0; ri < q.receives.size(); ++ri)
        for (std::size_t mi = 0; mi < q.messages.size(); ++mi)
            if (match_allowed(q, ri, mi)) return make_match(receiver, q, ri, mi);
    return std::nullopt;
}

std::optional<Match> MatchingEngine::first_deterministic_match(int receiver) const {
    const Queues& q = queues_[receiver];
    for (std::size_t ri = 0; ri < q.receives.size(); ++ri) {
        if (q.receives[ri].source == MPI_ANY_SOURCE) continue; // all its matches are wildcard
        for (std::size_t mi = 0; mi < q.messages.size(); ++mi) {
            if (!match_allowed(q, ri, mi)) continue;
            Match m = make_match(receiver, q, ri, mi);
            if (!m.held) return m;
        }
    }
    return std::nullopt;
}

std::pair<std::vector<PostedReceive>::iterator, std::vector<Message>::iterator>
MatchingEngine::locate(Queues& q, const Match& match) {
    auto r = std::find_if(q.receives.begin(), q.receives.end(),
                          [&](const PostedReceive& p) { return p.id == match.receive_id; });
    auto m = std::find_if(q.messages.begin(), q.messages.end(),
                          [&](const Message& p) { return p.id == match.message_id; });
    if (r == q.receives.end() || m == q.messages.end())
        throw std::logic_error("MatchingEngine::apply: match refers to a removed entry");
    return {r, m};
}

// ---- the fast path's questions -----------------------------------------------------------

const Message* MatchingEngine::first_receivable(int receiver, int source, int tag,
                                                int context) const {
    const Queues& q = queues_[receiver];
    if (!q.receives.empty() || source == MPI_ANY_SOURCE) return nullptr;
    // The first compatible message: no earlier one of its source is compatible, so the match
    // is allowed (match_allowed); its held flag is the caller's to check.
    for (const Message& m : q.messages)
        if (accepts(source, tag, context, m)) return &m;
    return nullptr;
}

const PostedReceive* MatchingEngine::first_accepting(int receiver, int source, int tag,
                                                     int context) const {
    const Queues& q = queues_[receiver];
    const auto takes = [&](const PostedReceive& r) {
        return r.context == context && (r.source == MPI_ANY_SOURCE || r.source == source) &&
               (r.tag == MPI_ANY_TAG || r.tag == tag);
    };
    const auto first = std::find_if(q.receives.begin(), q.receives.end(), takes);
    // A wildcard receive's sender is a choice; a pending cancel's outcome too.
    if (first == q.receives.end() || first->source == MPI_ANY_SOURCE || first->cancel_pending)
        return nullptr;
    for (const Message& m : q.messages)
        if (m.source == source && m.context == context && accepts(*first, m)) return nullptr;
    return &*first;
}

void MatchingEngine::remove_message(int receiver, std::uint64_t id) {
    auto& messages = queues_.at(receiver).messages;
    messages.erase(std::find_if(messages.begin(), messages.end(),
                                [&](const Message& m) { return m.id == id; }));
}

void MatchingEngine::remove_receive(int receiver, std::uint64_t id) {
    auto& receives = queues_.at(receiver).receives;
    receives.erase(std::find_if(receives.begin(), receives.end(),
                                [&](const PostedReceive& r) { return r.id == id; }));
}

std::pair<PostedReceive, Message> MatchingEngine::apply(const Match& match) {
    std::pair<PostedReceive, Message> result;
    apply(match, [&](const PostedReceive& r, const Message& m) { result = {r, m}; });
    return result;
}

void MatchingEngine::probe_candidates(int receiver, int source, int tag, int context,
                                      std::vector<const Message*>& out) const {
    // A probe sees what a receive posted now would take, and such a receive comes after every
    // posted one. While a posted receive can still take a message, which messages it leaves
    // depends on a choice not made yet, so the probe has no answer until matching settles.
    // Once it has settled, no posted receive accepts any pending message, and the candidates
    // are simply each sender's first compatible message.
    if (first_allowed_match(receiver)) return;
    const Queues& q = queues_[receiver];
    for (std::size_t mi = 0; mi < q.messages.size(); ++mi) {
        const Message& m = q.messages[mi];
        if (!accepts(source, tag, context, m)) continue;
        bool overtakes = false;
        for (std::size_t i = 0; i < mi && !overtakes; ++i) {
            const Message& e = q.messages[i];
            overtakes =
                e.source == m.source && e.context == m.context && accepts(source, tag, context, e);
        }
        if (!overtakes) out.push_back(&m);
    }
}

const Message* MatchingEngine::find_message(int receiver, std::uint64_t id) const {
    for (const Message& m : queues_[receiver].messages)
        if (m.id == id) return &m;
    return nullptr;
}

const PostedReceive* MatchingEngine::find_receive(int receiver, std::uint64_t id) const {
    for (const PostedReceive& r : queues_[receiver].receives)
        if (r.id == id) return &r;
    return nullptr;
}

} // namespace rankfold::mpi
