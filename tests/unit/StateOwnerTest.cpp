// StateOwner's record of who explored below each state (source sets in a parallel search): the
// answer says whether a worker other than the asker explored there before, and every worker
// that may hold a summary of a state hears (Forget) when another is told to explore below it.
#include "mc/parallel/StateOwner.hpp"
#include "ThreadTransport.hpp"

#include <catch2/catch.hpp>

using namespace rankfold;
using namespace rankfold::mc;
using namespace rankfold::mc::parallel;
using parallel_test::Hub;
using parallel_test::ThreadTransport;

namespace {

// The fingerprint of a state worker 0 owns (of 3 workers).
snapshot::Fingerprint owned_by_0(std::uint64_t n) {
    snapshot::Fingerprint f;
    f.low = n;
    f.high = 3 * n;
    return f;
}

Transition step_of(int rank) {
    return {TransitionKind::TestOutcome, rank, -1, 0};
}

// Worker `from` asks worker 0 about `state` with sleep set `sleep`; worker 0 answers.
void ask(Hub& hub, StateOwner& owner, int from, const snapshot::Fingerprint& state,
         const SleepSet& sleep) {
    ThreadTransport asker(hub, from);
    asker.send(
        0, MessageWriter(MessageKind::Visit).u64(1).fingerprint(state).transitions(sleep).bytes());
    int sender = -1;
    std::string bytes;
    ThreadTransport zero(hub, 0);
    REQUIRE(zero.receive(sender, bytes));
    MessageReader in(bytes);
    REQUIRE(in.kind() == MessageKind::Visit);
    owner.answer(sender, in);
}

struct Heard {
    std::vector<StateOwner::Reply> replies;
    std::vector<snapshot::Fingerprint> forgotten;
};

// What worker `w` has received since it last looked.
Heard heard(Hub& hub, int w) {
    ThreadTransport me(hub, w);
    StateOwner mine(me);
    Heard out;
    int from = -1;
    std::string bytes;
    while (me.receive(from, bytes)) {
        MessageReader in(bytes);
        if (in.kind() == MessageKind::VisitReply) {
            mine.on_reply(in);
        } else if (in.kind() == MessageKind::Forget) {
            out.forgotten.push_back(in.fingerprint());
        }
    }
    out.replies = mine.take_replies();
    return out;
}

} // namespace

TEST_CASE("StateOwner: who explored below a state, and who must forget its summary", "[parallel]") {
    Hub hub(3);
    ThreadTransport zero(hub, 0);
    StateOwner owner(zero);
    std::vector<snapshot::Fingerprint> forgotten_by_0;
    owner.track_explorers([&](const snapshot::Fingerprint& s) { forgotten_by_0.push_back(s); });
    const snapshot::Fingerprint s = owned_by_0(7);
    REQUIRE(StateOwner::owner_of(s, 3) == 0);

    // Worker 1 is first: it explores, nobody before it.
    ask(hub, owner, 1, s, {step_of(0), step_of(2)});
    Heard one = heard(hub, 1);
    REQUIRE(one.replies.size() == 1);
    CHECK(one.replies[0].fresh);
    CHECK_FALSE(one.replies[0].elsewhere);
    CHECK(one.replies[0].state == s);

    // Worker 1 again, with a sleep set that leaves nothing to do: only it explored there.
    ask(hub, owner, 1, s, {step_of(0), step_of(2), step_of(3)});
    one = heard(hub, 1);
    REQUIRE(one.replies.size() == 1);
    CHECK_FALSE(one.replies[0].fresh);
    CHECK(one.replies[0].needed.empty());
    CHECK_FALSE(one.replies[0].elsewhere);

    // Worker 2 arrives with a smaller sleep set: it explores step 2 below the state, so worker
    // 1's summary of it is no longer all of it.
    ask(hub, owner, 2, s, {step_of(0)});
    const Heard two = heard(hub, 2);
    REQUIRE(two.replies.size() == 1);
    CHECK(two.replies[0].needed == SleepSet{step_of(2)});
    CHECK(two.replies[0].elsewhere); // worker 1 explored there before
    one = heard(hub, 1);
    CHECK(one.forgotten == std::vector<snapshot::Fingerprint>{s});
    CHECK(forgotten_by_0.empty()); // worker 0 never visited it

    // Worker 1 once more: worker 2 explored there, so its summary is not to be trusted.
    ask(hub, owner, 1, s, {step_of(0), step_of(2)});
    one = heard(hub, 1);
    REQUIRE(one.replies.size() == 1);
    CHECK(one.replies[0].elsewhere);
    CHECK(one.forgotten.empty()); // told once already, and nothing new explored

    // The owner's own visit that explores (step 0 was asleep for everyone before): worker 1
    // and worker 2 hold summaries of it; worker 1 has been told, worker 2 is told now.
    SleepSet needed;
    std::uint64_t ticket = 0;
    CHECK(owner.visit(s, {}, needed, ticket) == StateStore::Answer::Seen);
    CHECK(needed == SleepSet{step_of(0)});
    CHECK(heard(hub, 2).forgotten == std::vector<snapshot::Fingerprint>{s});
    CHECK(heard(hub, 1).forgotten.size() == 1); // visited again since it was told

    // A worker that explores a state the owner explored: the owner forgets its own summary.
    const snapshot::Fingerprint t = owned_by_0(11);
    CHECK(owner.visit(t, {step_of(1)}, needed, ticket) == StateStore::Answer::Fresh);
    ask(hub, owner, 2, t, {});
    CHECK(forgotten_by_0 == std::vector<snapshot::Fingerprint>{t});
}
