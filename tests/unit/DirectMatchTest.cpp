// The fast path of blocking MPI_Send and MPI_Recv (PointToPointDirect.cpp): a call whose
// partner is posted is matched at its issue. It must make exactly the match the closure's
// matching round would make, and leave exactly the world that posting, matching and completing
// leave: the engine's two questions are checked against first_deterministic_match on random
// queues, and whole exchanges against the usual road, world against world.
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "tests/unit/MpiWorldCalls.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <array>
#include <cstring>
#include <optional>
#include <random>
#include <string>

using namespace rankfold::mpi;

namespace {

// A message of sender `source` (its world rank too) with this envelope.
Message message(std::uint64_t id, int source, int tag, int context) {
    Message m;
    m.id = id;
    m.source = source;
    m.tag = tag;
    m.context = context;
    m.origin = source;
    return m;
}

// A random queue at receiver 0: messages of senders 0-2, receives of those or MPI_ANY_SOURCE,
// two tags, two contexts, some cancels pending.
MatchingEngine random_queue(std::mt19937& rng, bool receives) {
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    MatchingEngine e(1);
    std::uint64_t id = 1;
    for (int i = pick(5); i > 0; --i) {
        const int source = pick(3), tag = pick(2), context = pick(2);
        Message m = message(id++, source, tag, context);
        m.cancel_pending = pick(6) == 0;
        e.post_message(0, m);
    }
    for (int i = receives ? pick(4) : 0; i > 0; --i) {
        PostedReceive r{id++, pick(4) == 0 ? MPI_ANY_SOURCE : pick(3),
                        pick(3) == 0 ? MPI_ANY_TAG : pick(2), pick(2),
                        RequestRef{0, static_cast<int>(id)}};
        r.cancel_pending = pick(6) == 0;
        e.post_receive(0, r);
    }
    return e;
}

} // namespace

TEST_CASE("first_receivable is the match a receive posted now gets in the matching round",
          "[matching][direct]") {
    std::mt19937 rng(20261126);
    for (int trial = 0; trial < 3000; ++trial) {
        // With a receive posted before (half the trials), never direct: it is served first.
        MatchingEngine e = random_queue(rng, trial % 2 == 1);
        const int source = static_cast<int>(rng() % 3), tag = static_cast<int>(rng() % 2);
        const int context = static_cast<int>(rng() % 2);
        const bool posted = e.pending_receives(0) != 0;
        const Message* direct = e.first_receivable(0, source, tag, context);
        const std::optional<std::uint64_t> taken =
            direct != nullptr && !direct->cancel_pending ? std::optional(direct->id) : std::nullopt;
        INFO("trial " << trial);
        // The usual road: the queue settled before (the closure matched what it could), the
        // receive is posted, the matching round matches it.
        while (const auto m = e.first_deterministic_match(0)) e.apply(*m);
        if (posted) CHECK(taken == std::nullopt);
        constexpr std::uint64_t kNew = 1000;
        e.post_receive(0, PostedReceive{kNew, source, tag, context, RequestRef{0, 99}});
        std::optional<std::uint64_t> round;
        if (const auto m = e.first_deterministic_match(0); m && m->receive_id == kNew)
            round = m->message_id;
        if (!posted) REQUIRE(taken == round);
    }
}

TEST_CASE("first_accepting is the receive a message sent now gets in the matching round",
          "[matching][direct]") {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 3000; ++trial) {
        MatchingEngine e = random_queue(rng, true);
        // Settled, as the closure leaves it: no match is left that the round would make.
        while (const auto m = e.first_deterministic_match(0)) e.apply(*m);
        const int source = static_cast<int>(rng() % 3), tag = static_cast<int>(rng() % 2);
        const int context = static_cast<int>(rng() % 2);
        const PostedReceive* direct = e.first_accepting(0, source, tag, context);
        const std::optional<std::uint64_t> taken =
            direct != nullptr ? std::optional(direct->id) : std::nullopt;
        constexpr std::uint64_t kNew = 1000;
        e.post_message(0, message(kNew, source, tag, context));
        std::optional<std::uint64_t> round;
        if (const auto match = e.first_deterministic_match(0); match && match->message_id == kNew)
            round = match->receive_id;
        INFO("trial " << trial);
        REQUIRE(taken == round);
    }
}

namespace {

struct Exchange {
    bool send_first = true;
    SendMode mode = SendMode::Standard;
    Buffering buffering = Buffering::Zero;
    int source = 0; // the receive's
    int tag = 5;
    int count = 3;
    bool earlier_irecv = false; // rank 1 posted an MPI_Irecv from rank 0 before
};

struct Played {
    MpiWorld world{2, Buffering::Zero};
    std::array<int, 4> in{};
    std::array<int, 4> early{};
    MPI_Status status{};
    int direct = 0; // calls the fast path took
    std::string failure;
};

// The program's buffers, at the same addresses in every play: a pending request holds its
// buffer's address, and worlds are compared.
std::array<int, 4> g_in, g_early;
MPI_Status g_status;

// Plays rank 0's MPI_Send and rank 1's MPI_Recv in the given order as the closure does: each
// call issued (with the fast path or not), then matching rounds and completions until nothing
// moves.
Played play(const Exchange& x, bool fast) {
    Played p;
    g_in = {};
    g_early = {};
    g_status = {};
    p.world = test::initialized(2, x.buffering);
    MpiWorld& w = p.world;
    static const std::array<int, 3> out{1, 2, 3};
    static MPI_Request early_request;
    early_request = MPI_REQUEST_NULL;
    if (x.earlier_irecv) {
        RankCall irecv = test::recv(CallKind::Irecv, g_early.data(), 4, MPI_INT, 0, MPI_ANY_TAG,
                                    nullptr, &early_request);
        REQUIRE(w.issue(1, irecv) == Progress::Done);
    }
    RankCall send = test::send(CallKind::Send, x.mode, out.data(), 3, MPI_INT, 1, 5);
    RankCall recv =
        test::recv(CallKind::Recv, g_in.data(), x.count, MPI_INT, x.source, x.tag, &g_status);
    std::array<RankCall*, 2> calls{&send, &recv};
    std::array<bool, 2> blocked{};
    for (const int r : x.send_first ? std::array{0, 1} : std::array{1, 0}) {
        DirectMatch direct;
        const Progress progress = w.issue(r, *calls[r], fast ? &direct : nullptr);
        REQUIRE(progress != Progress::Failed);
        blocked[r] = progress == Progress::Blocked;
        if (progress == Progress::Done) {
            ++p.direct;
            REQUIRE(direct.match.message_id != 0);
        }
    }
    for (bool moved = true; moved;) {
        moved = false;
        for (int r = 0; r < 2; ++r)
            while (const auto m = w.matching().first_deterministic_match(r)) w.apply_match(*m);
        for (int r = 0; r < 2; ++r) {
            if (!blocked[r] || !w.ready(r, *calls[r])) continue;
            blocked[r] = false;
            moved = true;
            if (w.complete(r, *calls[r]) == Progress::Failed)
                p.failure = w.rank_state(r).failure->message;
        }
    }
    p.in = g_in;
    p.early = g_early;
    p.status = g_status;
    return p;
}

} // namespace

TEST_CASE("the fast path leaves the world the usual road leaves", "[mpiworld][direct]") {
    // The expected number of calls the fast path takes; the rest post and wait as before.
    const auto [x, direct] = GENERATE(table<Exchange, int>({
        {Exchange{}, 1},                              // the receive takes it
        {Exchange{.send_first = false}, 1},           // the send delivers
        {Exchange{.mode = SendMode::Synchronous}, 1}, // MPI_Ssend
        {Exchange{.send_first = false, .mode = SendMode::Synchronous}, 1},
        {Exchange{.buffering = Buffering::Infinite}, 1}, // an eager send
        {Exchange{.send_first = false, .buffering = Buffering::Infinite}, 1},
        {Exchange{.mode = SendMode::Ready, .buffering = Buffering::Infinite}, 1},
        {Exchange{.source = MPI_ANY_SOURCE}, 0}, // a choice
        {Exchange{.send_first = false, .source = MPI_ANY_SOURCE}, 0},
        {Exchange{.tag = MPI_ANY_TAG}, 1},
        {Exchange{.tag = 4}, 0},   // no match: deadlock
        {Exchange{.count = 2}, 0}, // truncated: the receive reports it on its road
        {Exchange{.send_first = false, .count = 2}, 1}, // the receive's request reports it
        {Exchange{.earlier_irecv = true}, 1}, // the send delivers to the earlier MPI_Irecv
        {Exchange{.send_first = false, .earlier_irecv = true}, 1},
    }));
    const Played usual = play(x, false);
    const Played fast = play(x, true);
    CHECK(usual.direct == 0);
    CHECK(fast.direct == direct);
    INFO("send first " << x.send_first << ", mode " << static_cast<int>(x.mode) << ", source "
                       << x.source << ", tag " << x.tag << ", count " << x.count);
    INFO("differs in: " << fast.world.describe_difference(usual.world));
    CHECK(fast.world == usual.world);
    CHECK(fast.world.hash() == usual.world.hash());
    CHECK(fast.in == usual.in);
    CHECK(fast.early == usual.early);
    CHECK(std::memcmp(&fast.status, &usual.status, sizeof(MPI_Status)) == 0);
    CHECK(fast.failure == usual.failure);
}
