// One explorer of a parallel search (issue 20): a process (or, in the unit tests, a thread)
// with its own copy of the program, searching the subtrees it is given and answering the other
// workers between two of its transitions. Worker 0 starts with the whole tree and is the
// coordinator: it detects termination (Termination), stops everyone at the first violation and
// collects the others' reports.
//
// Protocol (messages in Message.hpp): states are visited at their owner (StateOwner); an idle
// worker asks the others in turn for work (StealProtocol) and a busy one gives half of the
// untried transitions of its shallowest frame (Explorer::donate) as a WorkPrefix.
#pragma once

#include "mc/parallel/StateBudget.hpp"
#include "mc/parallel/StateOwner.hpp"
#include "mc/parallel/StealProtocol.hpp"
#include "mc/parallel/Termination.hpp"
#include "mc/parallel/Transport.hpp"
#include "mc/parallel/WorkPrefix.hpp"
#include "mc/search/Explorer.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::mc::parallel {

// A violation a worker found: its path and what the caller tagged it with (for MPI, the
// violation's kind, which replaying the path needs).
struct FoundPath {
    std::int32_t tag = 0;
    int worker = 0; // who found it
    std::vector<Transition> path;
};

// What one worker did (and, merged at the coordinator, what all did).
struct WorkerReport {
    ExplorerStats stats;
    OwnerCounters owner;
    StealCounters steals;
    TransportCounters transport;
    double seconds = 0;
    std::vector<FoundPath> found; // keep-going: every distinct one; otherwise at most one
    std::string extra;            // the caller's (MpiSystem's counts and warnings)
};

struct ParallelResult {
    std::vector<WorkerReport> workers; // by worker number
    WorkerReport total;                // counts summed; `found` in arrival order
    SearchEnd end = SearchEnd::Exhausted;
    bool budget_spent = false; // the shared --max-states budget ended the search
};

class ParallelWorker {
public:
    // Tags a violation at the explorer's current state; nullopt if it is one this worker has
    // already found (keep-going: one path per distinct finding).
    using FoundHandler = std::function<std::optional<std::int32_t>(const Explorer::Path&)>;

    // options.max_states: the budget of distinct states all workers share (StateBudget).
    ParallelWorker(Transport& transport, SearchSpace& space, ExplorerOptions options,
                   bool keep_going);
    // Searches until the coordinator says the search is over. The space must be at its initial
    // state. The coordinator returns everyone's reports; other workers return only their own.
    ParallelResult run(const FoundHandler& on_violation, const Explorer::LimitCheck& within_limits,
                       const std::function<std::string()>& extra);

private:
    bool between_steps();
    void serve();
    void handle(int from, const std::string& bytes);
    void settle(); // the owners' answers to the explorer
    void answer_steal(int thief);
    void answer_deferred_steals();
    void explore(const std::optional<WorkPrefix>& work, const Explorer::LimitCheck& limits);
    void check_lost() const;
    std::optional<WorkPrefix> steal();
    void unit_closed(std::uint64_t unit);
    void count_states(bool all); // this worker's new states, to the budget
    void spend(std::uint64_t states);
    void found(const FoundPath& f);
    void stop_all();
    bool coordinator() const { return transport_.self() == 0; }

    Transport& transport_;
    SearchSpace& space_;
    bool keep_going_;
    StateOwner owner_;
    Explorer explorer_;
    StealProtocol steal_;
    Termination termination_; // the coordinator's
    StateBudget budget_;
    bool budget_spent_ = false; // the coordinator's: the budget stopped the search
    SearchSpace::Saved initial_ = 0;
    snapshot::Fingerprint initial_fingerprint_;
    int hellos_ = 0;           // the coordinator's: workers that have started
    bool in_explorer_ = false; // between two transitions: donate() may run
    bool exploring_ = false;   // inside the explorer (a Steal may have to wait)
    std::vector<int> deferred_steals_;
    bool stopped_ = false;
    bool stop_sent_ = false; // the coordinator's Stop went out
    bool limit_ = false;     // the coordinator's: some worker reached a limit
    std::optional<std::optional<WorkPrefix>> steal_reply_;
    std::uint64_t units_given_ = 0;
    const FoundHandler* on_violation_ = nullptr;
    std::vector<FoundPath> found_;         // this worker's
    std::optional<FoundPath> first_found_; // the coordinator's: the one that stopped the search
    std::vector<std::optional<WorkerReport>> reports_; // the coordinator's
};

} // namespace rankfold::mc::parallel
