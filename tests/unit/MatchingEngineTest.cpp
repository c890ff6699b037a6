// MatchingEngine: the two MPI matching rules (EXPLORATION.md §1), pinned one by one, then
// cross-checked on random small queues against a brute-force reference of the rules, and
// against an operational model of a network (messages arrive in a per-sender FIFO interleaving,
// each taking the earliest posted compatible receive): the engine must reach all its outcomes.
#include "simulated-mpi/interface/MatchingEngine.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <algorithm>
#include <functional>
#include <random>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

using namespace rankfold::mpi;

namespace {

constexpr int kAny = MPI_ANY_SOURCE;
constexpr int kAnyTag = MPI_ANY_TAG;

Message msg(std::uint64_t id, int source, int tag, int context = 0) {
    Message m;
    m.id = id;
    m.source = source;
    m.tag = tag;
    m.context = context;
    m.payload.resize(1);
    m.payload.data()[0] = std::byte(id);
    return m;
}

PostedReceive recv(std::uint64_t id, int source, int tag, int context = 0) {
    return PostedReceive{id, source, tag, context, RequestRef{0, static_cast<int>(id)}};
}

std::vector<Match> matches_at(const MatchingEngine& e, int receiver) {
    std::vector<Match> out;
    e.allowed_matches_for(receiver, out);
    return out;
}

std::vector<std::uint64_t> probe_ids(const MatchingEngine& e, int receiver, int source, int tag,
                                     int context = 0) {
    std::vector<const Message*> out;
    e.probe_candidates(receiver, source, tag, context, out);
    std::vector<std::uint64_t> ids;
    ids.reserve(out.size());
    for (const Message* m : out) ids.push_back(m->id);
    return ids;
}

// Receiver is rank 0 in every single-receiver test; receive ids are 100+, message ids < 100.
using V = std::vector<Match>;
Match M(std::uint64_t r, std::uint64_t m, int receiver = 0) {
    return Match{receiver, r, m};
}

} // namespace

TEST_CASE("explicit-source receive takes the sender's first compatible message", "[matching]") {
    MatchingEngine e(1);
    e.post_message(0, msg(1, 1, 5));
    e.post_message(0, msg(2, 1, 5));
    e.post_receive(0, recv(100, 1, 5));
    CHECK(matches_at(e, 0) == V{M(100, 1)}); // non-overtaking: never message 2 first
}

TEST_CASE("MPI_ANY_TAG with an explicit source is deterministic", "[matching]") {
    MatchingEngine e(1);
    e.post_message(0, msg(1, 1, 3));
    e.post_message(0, msg(2, 1, 7));
    e.post_receive(0, recv(100, 1, kAnyTag));
    CHECK(matches_at(e, 0) == V{M(100, 1)});
}

TEST_CASE("a tagged receive skips earlier messages with other tags", "[matching]") {
    // Tag selection out of order: recv tag 2 takes the tag-2 message though tag 1 came first.
    MatchingEngine e(1);
    e.post_message(0, msg(1, 1, 1));
    e.post_message(0, msg(2, 1, 2));
    e.post_receive(0, recv(100, 1, 2));
    CHECK(matches_at(e, 0) == V{M(100, 2)});
    // A later tag-1 receive is not blocked by the tag-2 one: both matches are allowed.
    e.post_receive(0, recv(101, 1, 1));
    CHECK(matches_at(e, 0) == V{M(100, 2), M(101, 1)});
}

TEST_CASE("MPI_ANY_SOURCE may take each sender's oldest compatible message", "[matching]") {
    // Senders are not ordered relative to each other: exactly one outcome per sender.
    MatchingEngine e(1);
    e.post_message(0, msg(1, 1, 0));
    e.post_message(0, msg(2, 2, 0));
    e.post_message(0, msg(3, 1, 0));
    e.post_message(0, msg(4, 2, 0));
    SECTION("explicit tag") {
        e.post_receive(0, recv(100, kAny, 0));
        CHECK(matches_at(e, 0) == V{M(100, 1), M(100, 2)});
    }
    SECTION("MPI_ANY_TAG") {
        e.post_receive(0, recv(100, kAny, kAnyTag));
        CHECK(matches_at(e, 0) == V{M(100, 1), M(100, 2)});
    }
    SECTION("oldest compatible, not oldest") {
        MatchingEngine f(1);
        f.post_message(0, msg(1, 1, 9)); // incompatible tag: sender 1's first candidate is 3
        f.post_message(0, msg(2, 2, 0));
        f.post_message(0, msg(3, 1, 0));
        f.post_receive(0, recv(100, kAny, 0));
        CHECK(matches_at(f, 0) == V{M(100, 2), M(100, 3)});
    }
}

TEST_CASE("posted receives are served in posted order", "[matching]") {
    MatchingEngine e(1);
    e.post_receive(0, recv(100, kAny, 0));
    e.post_receive(0, recv(101, 1, 0));
    e.post_message(0, msg(1, 1, 0));
    e.post_message(0, msg(2, 1, 0));
    // Message 1 is compatible with the earlier wildcard receive, so it cannot go to 101; and
    // 101 cannot take message 2 past message 1.
    CHECK(matches_at(e, 0) == V{M(100, 1)});
    e.apply(M(100, 1));
    CHECK(matches_at(e, 0) == V{M(101, 2)});
}

TEST_CASE("an earlier receive blocks a later one only for messages it accepts", "[matching]") {
    MatchingEngine e(1);
    e.post_receive(0, recv(100, 2, 0));
    e.post_receive(0, recv(101, kAny, 0));
    e.post_message(0, msg(1, 1, 0));
    e.post_message(0, msg(2, 2, 0));
    CHECK(matches_at(e, 0) == V{M(100, 2), M(101, 1)});
}

TEST_CASE("contexts (communicators) never mix", "[matching]") {
    MatchingEngine e(1);
    e.post_message(0, msg(1, 1, 0, /*context*/ 1));
    e.post_receive(0, recv(100, kAny, kAnyTag, /*context*/ 0));
    CHECK(matches_at(e, 0).empty());
    // Non-overtaking is per context: message 2 (context 0) does not wait for message 1.
    e.post_message(0, msg(2, 1, 0, 0));
    CHECK(matches_at(e, 0) == V{M(100, 2)});
    // A receive in another context does not claim messages of this one.
    MatchingEngine f(1);
    f.post_receive(0, recv(100, kAny, kAnyTag, 1));
    f.post_receive(0, recv(101, 1, 0, 0));
    f.post_message(0, msg(1, 1, 0, 0));
    CHECK(matches_at(f, 0) == V{M(101, 1)});
    CHECK(probe_ids(f, 0, kAny, kAnyTag, 1).empty());
}

TEST_CASE("apply removes both sides and returns them", "[matching]") {
    MatchingEngine e(2);
    e.post_message(1, msg(1, 0, 0));
    e.post_message(1, msg(2, 0, 4));
    e.post_message(1, msg(3, 0, 0));
    e.post_receive(1, recv(100, 0, kAnyTag));
    e.post_receive(1, recv(101, 0, 4));
    const MatchingEngine before = e;
    CHECK(before == e);
    // Receive 101 takes the middle message (tag 4); the queues close around the hole.
    auto [r, m] = e.apply(M(101, 2, 1));
    CHECK(r == recv(101, 0, 4));
    CHECK(m == msg(2, 0, 4));
    CHECK(e.pending_messages(1) == 2);
    CHECK(e.pending_receives(1) == 1);
    CHECK(e.find_message(1, 2) == nullptr);
    REQUIRE(e.find_message(1, 3) != nullptr);
    CHECK_FALSE(e == before);
    CHECK(matches_at(e, 1) == V{M(100, 1, 1)});
    CHECK_THROWS_AS(e.apply(M(101, 1, 1)), std::logic_error); // receive already gone
    CHECK_THROWS_AS(e.apply(M(100, 2, 1)), std::logic_error); // message already gone
    CHECK(e.pending_messages(1) == 2);                        // a refused apply changes nothing
    CHECK(e.pending_receives(1) == 1);
}

TEST_CASE("probe candidates: posted receives first, then non-overtaking", "[matching]") {
    MatchingEngine e(1);
    e.post_message(0, msg(1, 1, 0));
    e.post_message(0, msg(2, 1, 0));
    e.post_message(0, msg(3, 2, 1));
    CHECK(probe_ids(e, 0, kAny, kAnyTag) == std::vector<std::uint64_t>{1, 3});
    CHECK(probe_ids(e, 0, 1, kAnyTag) == std::vector<std::uint64_t>{1});
    CHECK(probe_ids(e, 0, kAny, 1) == std::vector<std::uint64_t>{3});
    CHECK(probe_ids(e, 0, 2, 0).empty());
    CHECK(probe_ids(e, 0, kAny, kAnyTag, /*context*/ 1).empty());
    // While a posted receive can still take a message, a probe has no answer; once it has
    // taken message 3, the probe sees what is left.
    e.post_receive(0, recv(100, 2, kAnyTag));
    CHECK(probe_ids(e, 0, kAny, kAnyTag).empty());
    e.apply(*e.first_allowed_match(0));
    CHECK(probe_ids(e, 0, kAny, kAnyTag) == std::vector<std::uint64_t>{1});
}

TEST_CASE("probe never reports a message that overtakes one left by a posted receive",
          "[matching]") {
    // Receive 100 (source 1, tag 0) takes message 1; message 2 (tag 0) then precedes message 3
    // (tag 1) from the same sender, so a probe (1, ANY_TAG) must see message 2 (or nothing yet,
    // while 100 is unmatched) and never message 3.
    MatchingEngine e(1);
    e.post_receive(0, recv(100, 1, 0));
    e.post_message(0, msg(1, 1, 0));
    e.post_message(0, msg(2, 1, 0));
    e.post_message(0, msg(3, 1, 1));
    CHECK(probe_ids(e, 0, 1, kAnyTag).empty()); // receive 100 is still to be matched
    e.apply(*e.first_allowed_match(0));
    CHECK(probe_ids(e, 0, 1, kAnyTag) == std::vector<std::uint64_t>{2});
}

TEST_CASE("allowed_matches order: receivers, then posted order, then sent order", "[matching]") {
    MatchingEngine e(3);
    e.post_message(2, msg(1, 0, 0));
    e.post_message(2, msg(2, 1, 0));
    e.post_receive(2, recv(100, kAny, 0));
    e.post_message(0, msg(3, 1, 5));
    e.post_message(0, msg(4, 2, 6));
    e.post_receive(0, recv(101, kAny, kAnyTag));
    e.post_receive(0, recv(102, 2, 6));
    std::vector<Match> all;
    e.allowed_matches(all);
    CHECK(all == V{M(101, 3, 0), M(101, 4, 0), M(100, 1, 2), M(100, 2, 2)});
    CHECK(e.first_allowed_match(0) == M(101, 3, 0));
    CHECK(e.first_allowed_match(1) == std::nullopt);
    CHECK(e.first_allowed_match(2) == M(100, 1, 2));
}

// ---- randomized cross-checks -------------------------------------------------------------

namespace {

struct Scenario {
    std::vector<Message> messages;
    std::vector<PostedReceive> receives;
};

Scenario random_scenario(std::mt19937& rng) {
    auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    Scenario s;
    const int nm = pick(6), nr = pick(4);
    for (int i = 0; i < nm; ++i) s.messages.push_back(msg(1 + i, pick(3), pick(2), pick(4) == 0));
    for (int i = 0; i < nr; ++i)
        s.receives.push_back(recv(100 + i, pick(3) == 0 ? kAny : pick(3),
                                  pick(3) == 0 ? kAnyTag : pick(2), pick(4) == 0));
    return s;
}

bool compatible(const PostedReceive& r, const Message& m) {
    return r.context == m.context && (r.source == kAny || r.source == m.source) &&
           (r.tag == kAnyTag || r.tag == m.tag);
}

// The two rules, literally: m is the first message of its (source, context) channel that r
// accepts, and r is the first posted receive that accepts m.
std::vector<Match> reference_matches(const Scenario& s) {
    std::vector<Match> out;
    for (const PostedReceive& r : s.receives)
        for (const Message& m : s.messages) {
            if (!compatible(r, m)) continue;
            auto first_m =
                std::find_if(s.messages.begin(), s.messages.end(), [&](const Message& x) {
                    return x.source == m.source && x.context == m.context && compatible(r, x);
                });
            auto first_r = std::find_if(s.receives.begin(), s.receives.end(),
                                        [&](const PostedReceive& x) { return compatible(x, m); });
            if (first_m->id == m.id && first_r->id == r.id) out.push_back({0, r.id, m.id});
        }
    return out;
}

using Outcome = std::set<std::pair<std::uint64_t, std::uint64_t>>; // (receive, message)

// Every final pairing the engine reaches by applying allowed matches until none is left.
void engine_outcomes(const MatchingEngine& e, const Outcome& done, std::set<Outcome>& out) {
    std::vector<Match> next;
    e.allowed_matches_for(0, next);
    if (next.empty()) out.insert(done);
    for (const Match& m : next) {
        MatchingEngine copy = e;
        copy.apply(m);
        Outcome d = done;
        d.insert({m.receive_id, m.message_id});
        engine_outcomes(copy, d, out);
    }
}

// A network: all receives posted, then messages arrive in any interleaving that keeps each
// (source, context) channel in order; an arriving message takes the earliest free compatible
// receive, else waits unexpected.
std::set<Outcome> network_outcomes(const Scenario& s) {
    std::set<Outcome> out;
    std::vector<bool> arrived(s.messages.size()), taken(s.receives.size());
    Outcome done;
    std::function<void()> step = [&] {
        bool any = false;
        for (std::size_t i = 0; i < s.messages.size(); ++i) {
            if (arrived[i]) continue;
            bool head = true; // first not-yet-arrived message of its channel
            for (std::size_t j = 0; j < i; ++j)
                head = head && (arrived[j] || s.messages[j].source != s.messages[i].source ||
                                s.messages[j].context != s.messages[i].context);
            if (!head) continue;
            any = true;
            arrived[i] = true;
            std::size_t k = 0;
            while (k < s.receives.size() && (taken[k] || !compatible(s.receives[k], s.messages[i])))
                ++k;
            if (k < s.receives.size()) {
                taken[k] = true;
                done.insert({s.receives[k].id, s.messages[i].id});
            }
            step();
            if (k < s.receives.size()) {
                taken[k] = false;
                done.erase({s.receives[k].id, s.messages[i].id});
            }
            arrived[i] = false;
        }
        if (!any) out.insert(done);
    };
    step();
    return out;
}

} // namespace

TEST_CASE("allowed_matches_for equals a brute-force reference of the two rules", "[matching]") {
    std::mt19937 rng(20240611);
    for (int trial = 0; trial < 2000; ++trial) {
        const Scenario s = random_scenario(rng);
        MatchingEngine e(1);
        for (const Message& m : s.messages) e.post_message(0, m);
        for (const PostedReceive& r : s.receives) e.post_receive(0, r);
        INFO("trial " << trial);
        const std::vector<Match> got = matches_at(e, 0);
        REQUIRE(got == reference_matches(s));
        const auto first = e.first_allowed_match(0);
        REQUIRE(first.has_value() == !got.empty());
        if (first) REQUIRE(*first == got.front());
        // The closure's matching round takes the first match no choice can change.
        const auto deterministic = std::find_if(
            got.begin(), got.end(), [](const Match& m) { return !m.wildcard && !m.held; });
        const auto det = e.first_deterministic_match(0);
        REQUIRE(det.has_value() == (deterministic != got.end()));
        if (det) REQUIRE(*det == *deterministic);
    }
}

TEST_CASE("sequences of allowed matches reach every outcome a network can produce", "[matching]") {
    // Soundness: every pairing a FIFO-channel network produces is reachable. The engine may
    // reach more (the standard orders a sender's messages only relative to a receive that
    // accepts both), but every maximal pairing it reaches leaves no compatible pair unmatched.
    std::mt19937 rng(7);
    for (int trial = 0; trial < 400; ++trial) {
        const Scenario s = random_scenario(rng);
        MatchingEngine e(1);
        for (const Message& m : s.messages) e.post_message(0, m);
        for (const PostedReceive& r : s.receives) e.post_receive(0, r);
        std::set<Outcome> got;
        engine_outcomes(e, {}, got);
        const std::set<Outcome> network = network_outcomes(s);
        INFO("trial " << trial << ": " << s.messages.size() << " messages, " << s.receives.size()
                      << " receives");
        REQUIRE(std::includes(got.begin(), got.end(), network.begin(), network.end()));
        for (const Outcome& o : got)
            for (const PostedReceive& r : s.receives)
                for (const Message& m : s.messages) {
                    const bool r_free =
                        std::none_of(o.begin(), o.end(), [&](auto& p) { return p.first == r.id; });
                    const bool m_free =
                        std::none_of(o.begin(), o.end(), [&](auto& p) { return p.second == m.id; });
                    REQUIRE_FALSE((r_free && m_free && compatible(r, m)));
                }
    }
}
