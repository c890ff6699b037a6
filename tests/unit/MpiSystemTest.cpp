// MpiSystem, the MPI transition system, driven directly on a real program: the deterministic
// closure, the choices it leaves open and what taking one does. The program is
// tests/fixtures/mpisystem_fixture.c, built with rankfold-cc (tests/fixtures/CMakeLists.txt);
// its first argument names the scenario. Everything is assembled as the launcher does it.
//
// While a System exists the output router owns file descriptors 1 and 2 (Catch2's own output
// would be taken for the ranks'), so each case records what it observed inside a scope and
// checks it after the System is gone.
#include "mc/system/MpiSystem.hpp"
#include "mc/runtime/OutputRouter.hpp"
#include "mc/runtime/ProgramImage.hpp"
#include "mc/runtime/RankRuntime.hpp"
#include "mc/search/Schedule.hpp"
#include "mc/search/ScheduledRun.hpp"
#include "mc/system/SystemState.hpp"
#include "properties/MonitorSet.hpp"
#include "properties/StandardMonitors.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "snapshot/RankMemory.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

using rankfold::mc::MpiSystem;
using rankfold::mc::OutputRouter;
using rankfold::mc::ProgramImage;
using rankfold::mc::RankRuntime;
using rankfold::mc::RoundRobinSchedule;
using rankfold::mc::Transition;
using rankfold::mc::TransitionKind;
using rankfold::properties::Violation;
using rankfold::properties::ViolationKind;
namespace fs = std::filesystem;
namespace mpi = rankfold::mpi;

namespace {

const char* const kModule = RF_BUILD_DIR "/lib/mpisystem_fixture.so";

struct ScratchDir {
    std::string path;
    ScratchDir() {
        std::string pattern = (fs::temp_directory_path() / "rf-mpisystem-test-XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        path = pattern;
    }
    ~ScratchDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

struct Monitors {
    rankfold::properties::MonitorSet set;
    Monitors() { rankfold::properties::add_standard_monitors(set, false, false); }
};

std::vector<rankfold::snapshot::RankArena*> arenas_of(rankfold::snapshot::RankMemory& memory,
                                                      int ranks) {
    std::vector<rankfold::snapshot::RankArena*> arenas;
    arenas.reserve(static_cast<std::size_t>(ranks));
    for (int r = 0; r < ranks; ++r) arenas.push_back(memory.arena(r));
    return arenas;
}

// The launcher's assembly, for `ranks` ranks running the fixture's `scenario`. Only one may
// exist at a time (one RankMemory, one rank gate, fds 1 and 2).
struct System {
    ScratchDir scratch;
    rankfold::snapshot::RankMemory memory;
    ProgramImage image;
    OutputRouter output;
    mpi::MpiWorld world;
    Monitors monitors;
    RankRuntime runtime;
    MpiSystem system;
    System(int ranks, const std::string& scenario, bool both_buffering = false)
        : memory(ranks, std::size_t{1} << 20, std::size_t{16} << 20),
          image(kModule, ranks, scratch.path, arenas_of(memory, ranks)),
          output(OutputRouter::Mode::Capture, false, ranks), world(ranks, mpi::Buffering::Zero),
          runtime({kModule, {scenario}}, image, memory, output, world, monitors.set),
          system({both_buffering}, runtime, world, monitors.set) {}

    std::vector<Transition> choices() {
        std::vector<Transition> out;
        system.choices(out);
        return out;
    }
    // The rest of the run under the round-robin schedule: whether every rank finished, and
    // finished without a violation.
    bool run_to_end() {
        RoundRobinSchedule schedule;
        rankfold::mc::finish_schedule(system, schedule);
        return system.runtime().ranks().all_finished() && !system.violation();
    }
    std::string out(int rank) {
        runtime.collect_all_output();
        return output.captured(rank);
    }
};

std::vector<int> outcomes(const std::vector<Transition>& ts) {
    std::vector<int> out;
    out.reserve(ts.size());
    for (const Transition& t : ts) out.push_back(t.outcome);
    return out;
}

bool all_of_kind(const std::vector<Transition>& ts, TransitionKind kind, int rank) {
    return std::ranges::all_of(
        ts, [&](const Transition& t) { return t.kind == kind && t.rank == rank; });
}

} // namespace

TEST_CASE("the closure finishes a program that leaves nothing open", "[mpisystem]") {
    std::size_t choices = 99;
    bool finished = false;
    std::optional<Violation> violation;
    std::string out1;
    {
        System s(2, "closure");
        s.system.start();
        choices = s.choices().size();
        finished = s.system.runtime().ranks().all_finished();
        s.system.end_state();
        violation = s.system.violation();
        out1 = s.out(1);
    }
    CHECK(choices == 0);
    CHECK(finished);
    CHECK_FALSE(violation.has_value());
    CHECK(out1 == "got 7\n");
}

TEST_CASE("an ANY_SOURCE receive with three senders offers one match per sender", "[mpisystem]") {
    std::vector<Transition> first, second;
    std::string out0;
    bool finished = false;
    {
        System s(4, "anysource");
        s.system.start();
        first = s.choices();
        // Take the match with rank 2's message.
        for (const Transition& t : first)
            if (t.outcome == 2) s.system.take(t);
        out0 = s.out(0);
        second = s.choices();
        finished = s.run_to_end();
    }
    REQUIRE(first.size() == 3);
    CHECK(all_of_kind(first, TransitionKind::WildcardMatch, 0));
    CHECK(outcomes(first) == std::vector<int>{1, 2, 3});
    CHECK(out0 == "from 2 value 20\n");
    CHECK(all_of_kind(second, TransitionKind::WildcardMatch, 0));
    CHECK(outcomes(second) == std::vector<int>{1, 3});
    CHECK(finished);
}

TEST_CASE("a Testany polling loop offers each way of done, and not yet last", "[mpisystem]") {
    std::vector<Transition> first, after_not_yet;
    std::string out0;
    bool finished = false;
    {
        System s(3, "testany");
        s.system.start();
        first = s.choices();
        s.system.take(first.back()); // not yet: the loop comes round to the same choice
        after_not_yet = s.choices();
        s.system.take(after_not_yet[1]); // done: the receive from rank 2 (position 1)
        out0 = s.out(0);
        finished = s.run_to_end();
    }
    REQUIRE(first.size() == 3);
    CHECK(all_of_kind(first, TransitionKind::TestOutcome, 0));
    CHECK(outcomes(first) == std::vector<int>{1, 2, 0}); // Testany: 1 + position; 0 not yet
    CHECK(outcomes(after_not_yet) == outcomes(first));
    CHECK(out0 == "index 1 after 2 polls\n");
    CHECK(finished);
}

TEST_CASE("--buffering both offers a standard send buffered or not", "[mpisystem]") {
    for (int buffered : {0, 1}) {
        std::vector<Transition> first;
        bool finished = false;
        std::string out0, out1;
        {
            System s(2, "standard-send", true);
            s.system.start();
            first = s.choices();
            for (const Transition& t : first)
                if (t.outcome == buffered) s.system.take(t);
            finished = s.choices().empty() && s.system.runtime().ranks().all_finished();
            out0 = s.out(0);
            out1 = s.out(1);
        }
        INFO("buffered " << buffered);
        REQUIRE(first.size() == 2);
        CHECK(all_of_kind(first, TransitionKind::SendBuffering, 0));
        CHECK(outcomes(first) == std::vector<int>{0, 1});
        CHECK(finished);
        CHECK(out0 == "sent\n");
        CHECK(out1 == "got 5\n");
    }
}

TEST_CASE("head-to-head standard sends leave no choice and end in a deadlock", "[mpisystem]") {
    std::size_t choices = 99;
    bool finished = true;
    std::optional<Violation> before, after;
    {
        System s(2, "head-to-head");
        s.system.start();
        choices = s.choices().size();
        finished = s.system.runtime().ranks().all_finished();
        before = s.system.violation();
        s.system.end_state();
        after = s.system.violation();
    }
    CHECK(choices == 0);
    CHECK_FALSE(finished);
    CHECK_FALSE(before.has_value());
    REQUIRE(after.has_value());
    CHECK(after->kind == ViolationKind::Deadlock);
    CHECK(after->blocked.size() == 2);
}

TEST_CASE("the round-robin schedule lets two pollers both progress", "[mpisystem]") {
    bool finished = false;
    std::optional<Violation> violation;
    std::string out0, out1;
    {
        System s(2, "pollers");
        RoundRobinSchedule schedule;
        s.system.start();
        rankfold::mc::finish_schedule(s.system, schedule);
        finished = s.system.runtime().ranks().all_finished();
        violation = s.system.violation();
        out0 = s.out(0);
        out1 = s.out(1);
    }
    CHECK(finished);
    CHECK_FALSE(violation.has_value());
    CHECK_THAT(out0, Catch::Matchers::StartsWith("round 0\nround 1\nround 2\nrank 0 polled"));
    CHECK_THAT(out1, Catch::Matchers::StartsWith("round 0\nround 1\nround 2\nrank 1 polled"));
}

// The arena hands out blocks from its top as zero: a restore to a state with a smaller heap
// must clear what the state it leaves had there, or the next block carries an abandoned
// path's bytes (and restoring a snapshot and replaying a path reach different states).
TEST_CASE("restoring a smaller heap leaves the arena's free space zero", "[mpisystem][snapshot]") {
    int broken_after_restore = -2, broken_before = -2;
    std::size_t blocks = 0; // that rank 0 allocated on the path
    bool same_state = false;
    {
        System s(3, "heap-anysource");
        rankfold::mc::SystemState& state = s.system.enable_snapshots(true);
        s.system.start();
        const rankfold::mc::SystemSnapshot before = state.capture();
        blocks = s.memory.arena(0)->live_block_count();
        // Both messages taken: rank 0 holds two filled blocks.
        s.system.take(s.choices().at(0));
        s.system.take(s.choices().at(0));
        const rankfold::mc::SystemSnapshot deeper = state.capture();
        blocks = s.memory.arena(0)->live_block_count() - blocks;
        broken_before = state.memory().broken_heap();
        state.restore(before);
        broken_after_restore = state.memory().broken_heap();
        // Taking the path again reaches the state it reached the first time, byte for byte.
        s.system.take(s.choices().at(0));
        s.system.take(s.choices().at(0));
        same_state = state.capture().fingerprint() == deeper.fingerprint();
    }
    CHECK(blocks == 2);
    CHECK(broken_before == -1);
    CHECK(broken_after_restore == -1);
    CHECK(same_state);
}

// A restore right after a capture (nothing ran since) leaves the regions the target shares as
// memory holds them (SystemMemory::may_write); one after transitions ran puts back what they
// wrote (here every rank's: a sender's second send counts as writing every rank). Either way
// the state reached is the saved one.
TEST_CASE("a restore skips only regions nothing wrote since the last capture",
          "[mpisystem][snapshot]") {
    bool back_after_capture = false, back_after_take = false, back_again = false;
    std::uint64_t kept_after_capture = 0, kept_after_take = 0;
    {
        System s(3, "heap-anysource");
        rankfold::mc::SystemState& state = s.system.enable_snapshots(true);
        s.system.start();
        const rankfold::mc::SystemSnapshot before = state.capture();
        const auto kept = [&] { return state.memory().regions().counters().regions_kept; };
        s.system.take(s.choices().at(0));
        (void)state.capture();
        const std::uint64_t kept0 = kept();
        state.restore(before); // right after a capture: rank 2 and the globals did not change
        kept_after_capture = kept() - kept0;
        back_after_capture = state.capture().fingerprint() == before.fingerprint();
        s.system.take(s.choices().at(0)); // rank 0 fills a heap block, not captured
        const std::uint64_t kept1 = kept();
        state.restore(before);
        kept_after_take = kept() - kept1;
        back_after_take = state.capture().fingerprint() == before.fingerprint();
        s.system.take(s.choices().at(0));
        s.system.take(s.choices().at(0));
        state.restore(before);
        back_again = state.capture().fingerprint() == before.fingerprint();
    }
    CHECK(kept_after_capture > 0);
    CHECK(kept_after_take == 0);
    CHECK(back_after_capture);
    CHECK(back_after_take);
    CHECK(back_again);
}

// Per rank: a transition that touches rank 0 and one sender leaves the other senders' regions
// unread by the next capture and untouched by the next restore, and both still give the state
// that memory holds.
TEST_CASE("captures and restores skip the ranks a transition did not touch",
          "[mpisystem][snapshot]") {
    bool child_same = false, back = false, again_same = false;
    std::uint64_t kept_by_capture = 0, kept_by_restore = 0;
    {
        System s(4, "anysource");
        rankfold::mc::SystemState& state = s.system.enable_snapshots(true);
        s.system.start();
        const rankfold::mc::SystemSnapshot before = state.capture();
        const auto kept = [&] { return state.memory().regions().counters().regions_kept; };
        const std::uint64_t kept0 = kept();
        s.system.take(s.choices().at(1)); // rank 0 takes rank 2's message; 1 and 3 wait
        const rankfold::mc::SystemSnapshot child = state.capture();
        kept_by_capture = kept() - kept0;
        const std::uint64_t kept1 = kept();
        s.system.take(s.choices().at(0)); // and rank 1's
        state.restore(before);
        kept_by_restore = kept() - kept1; // rank 3's regions
        back = state.capture().fingerprint() == before.fingerprint();
        s.system.take(s.choices().at(1));
        // Read in full (as RANKFOLD_CHECK_BACKTRACK does): what the skips left is the state.
        state.memory().may_write();
        again_same = state.capture().fingerprint() == child.fingerprint();
        child_same = child.fingerprint() != before.fingerprint();
    }
    CHECK(kept_by_capture > 0);
    CHECK(kept_by_restore > 0);
    CHECK(back);
    CHECK(again_same);
    CHECK(child_same);
}
