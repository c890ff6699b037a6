#include "mc/parallel/ParallelWorker.hpp"

#include "mc/parallel/WorkerReportCodec.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <stdexcept>

namespace rankfold::mc::parallel {

namespace {
// A Found message with this tag says a limit was reached: stop, without a violation.
constexpr std::int32_t kLimitTag = -1;
// States a worker may have asked about and not heard of while it goes on (StateOwner).
constexpr std::uint64_t kMaxOutstanding = 4;

double since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}
} // namespace

ParallelWorker::ParallelWorker(Transport& transport, SearchSpace& space, ExplorerOptions options,
                               bool keep_going)
    : transport_(transport), space_(space), keep_going_(keep_going), owner_(transport),
      explorer_(space, options), steal_(transport.self(), transport.size()),
      budget_(options.max_states, transport.size()),
      reports_(static_cast<std::size_t>(transport.size())) {
    if (options.watch_cycles)
        throw std::invalid_argument("the parallel search does not support cycle checks");
    if (options.state_matching) explorer_.use_store(&owner_);
    if (options.state_matching && options.reduction && options.source_sets)
        owner_.track_explorers(
            [this](const snapshot::Fingerprint& state) { explorer_.summary_unknown(state); });
    explorer_.share_search();
    explorer_.between_steps([this] { return between_steps(); });
}

bool ParallelWorker::between_steps() {
    count_states(false);
    if (transport_.maybe_pending() || !deferred_steals_.empty()) {
        in_explorer_ = true;
        answer_deferred_steals();
        serve();
        settle();
        in_explorer_ = false;
    }
    // The explorer runs ahead of the owners' answers by a few states at most: what it expands
    // past a state already seen is work lost, and it grows with every step ahead.
    while (owner_.outstanding() >= kMaxOutstanding && !stopped_) {
        transport_.wait(1);
        in_explorer_ = true;
        serve();
        settle();
        in_explorer_ = false;
    }
    return !stopped_;
}

void ParallelWorker::settle() {
    for (const StateOwner::Reply& r : owner_.take_replies()) {
        // Explored here too (the explorer went on before the answer): what it stored of the
        // state misses the others' part.
        if (!r.fresh && r.elsewhere) explorer_.summary_unknown(r.state);
        explorer_.settle(r.request, r.fresh, r.needed, r.elsewhere);
    }
}

void ParallelWorker::serve() {
    int from = -1;
    std::string bytes;
    while (transport_.receive(from, bytes)) handle(from, bytes);
    if (coordinator() && !stopped_ && termination_.done()) stop_all();
    if (!coordinator() && transport_.lost(0)) stopped_ = true; // the coordinator has gone
}

void ParallelWorker::handle(int from, const std::string& bytes) {
    MessageReader in(bytes);
    switch (in.kind()) {
    case MessageKind::Visit:
        owner_.answer(from, in);
        break;
    case MessageKind::VisitReply:
        owner_.on_reply(in);
        break;
    case MessageKind::Steal:
        // Work can be given only between two transitions; a request that comes while this
        // worker waits inside one (for a state's owner) waits until then.
        if (exploring_ && !in_explorer_ && !stopped_)
            deferred_steals_.push_back(from);
        else
            answer_steal(from);
        break;
    case MessageKind::StealReply:
        if (in.i32() != 0)
            steal_reply_.emplace(read_work(in));
        else
            steal_reply_.emplace(std::nullopt);
        break;
    case MessageKind::UnitOpened:
        termination_.opened(in.u64());
        break;
    case MessageKind::UnitClosed:
        termination_.closed(in.u64());
        break;
    case MessageKind::Found: {
        FoundPath f;
        f.tag = in.i32();
        f.worker = from;
        f.path = in.transitions();
        found(f);
        break;
    }
    case MessageKind::Stop:
        stopped_ = true;
        break;
    case MessageKind::Hello:
        // Fingerprints hold addresses: workers whose programs are laid out differently would
        // never agree that two states are one, and count some twice.
        ++hellos_;
        if (in.fingerprint() != initial_fingerprint_)
            throw std::runtime_error(fmt::format(
                "worker {} does not see the initial state as worker 0 does: the program is not "
                "at the same addresses in both processes (address randomisation?) or does not "
                "start the same",
                from));
        break;
    case MessageKind::States:
        spend(in.u64());
        break;
    case MessageKind::Forget:
        explorer_.summary_unknown(in.fingerprint());
        break;
    case MessageKind::Report:
        reports_.at(static_cast<std::size_t>(from)) = read_report(in);
        break;
    }
}

void ParallelWorker::answer_steal(int thief) {
    std::optional<Subtree> given;
    if (in_explorer_ && !stopped_) given = explorer_.donate();
    MessageWriter out(MessageKind::StealReply);
    if (given) {
        const std::uint64_t unit = Termination::unit(transport_.self(), ++units_given_);
        // Announced before the subtree leaves, and before this worker's own unit closes.
        if (coordinator())
            termination_.opened(unit);
        else
            transport_.send(0, MessageWriter(MessageKind::UnitOpened).u64(unit).bytes());
        out.i32(1);
        write_work(out, {unit, std::move(*given)});
        ++steal_.counters.given;
    } else {
        out.i32(0);
    }
    transport_.send(thief, out.bytes());
}

void ParallelWorker::answer_deferred_steals() {
    std::vector<int> thieves;
    thieves.swap(deferred_steals_);
    for (const int thief : thieves) answer_steal(thief);
}

void ParallelWorker::found(const FoundPath& f) {
    if (keep_going_ && f.tag != kLimitTag) {
        found_.push_back(f);
        return;
    }
    if (!coordinator()) {
        transport_.send(0,
                        MessageWriter(MessageKind::Found).i32(f.tag).transitions(f.path).bytes());
        stopped_ = true;
        return;
    }
    if (f.tag == kLimitTag)
        limit_ = true;
    else if (!first_found_)
        first_found_ = f;
    stop_all();
}

void ParallelWorker::stop_all() {
    if (stopped_ && coordinator() && stop_sent_) return;
    stopped_ = true;
    if (!coordinator()) return;
    stop_sent_ = true;
    for (int w = 1; w < transport_.size(); ++w)
        transport_.send(w, MessageWriter(MessageKind::Stop).bytes());
}

void ParallelWorker::unit_closed(std::uint64_t unit) {
    if (stopped_) return;
    if (!coordinator()) {
        transport_.send(0, MessageWriter(MessageKind::UnitClosed).u64(unit).bytes());
        return;
    }
    termination_.closed(unit);
    if (termination_.done()) stop_all();
}

void ParallelWorker::count_states(bool all) {
    const std::uint64_t n = budget_.due(explorer_.stats().states, all);
    if (n == 0 || stopped_) return;
    if (coordinator())
        spend(n);
    else
        transport_.send(0, MessageWriter(MessageKind::States).u64(n).bytes());
}

void ParallelWorker::spend(std::uint64_t states) {
    if (!budget_.add(states) || stopped_) return;
    budget_spent_ = true;
    stop_all();
}

void ParallelWorker::explore(const std::optional<WorkPrefix>& work,
                             const Explorer::LimitCheck& limits) {
    const Explorer::ViolationHandler handler = [this](const Explorer::Path& path) {
        if (const std::optional<std::int32_t> tag = (*on_violation_)(path))
            found({*tag, transport_.self(), path});
        return keep_going_ && !stopped_;
    };
    exploring_ = true;
    const SearchEnd end = work ? explorer_.run_subtree(work->subtree, initial_, handler, limits)
                               : explorer_.run(handler, limits);
    exploring_ = false;
    answer_deferred_steals(); // nothing left to give
    // The unit is done once every state it reached is counted: the owners' answers.
    while (owner_.outstanding() > 0 && !stopped_) {
        serve();
        settle();
        if (owner_.outstanding() > 0 && !stopped_) transport_.wait(1);
    }
    settle();
    count_states(true);
    if (end == SearchEnd::Limit && !stopped_)
        found({kLimitTag, transport_.self(), {}}); // a limit of this worker
    unit_closed(work ? work->unit : Termination::kRootUnit);
}

std::optional<WorkPrefix> ParallelWorker::steal() {
    const int victim = steal_.next_victim();
    ++steal_.counters.requests;
    steal_reply_.reset();
    transport_.send(victim, MessageWriter(MessageKind::Steal).bytes());
    while (!steal_reply_ && !stopped_) {
        serve();
        check_lost();
        if (!steal_reply_ && !stopped_) transport_.wait(1);
    }
    if (!steal_reply_) return std::nullopt;
    std::optional<WorkPrefix> work = std::move(*steal_reply_);
    steal_reply_.reset();
    if (work) {
        steal_.succeeded();
        return work;
    }
    if (const int ms = steal_.refused(); ms > 0) {
        transport_.wait(ms);
        serve();
    }
    return std::nullopt;
}

void ParallelWorker::check_lost() const {
    if (!coordinator()) return;
    for (int w = 1; w < transport_.size(); ++w)
        if (transport_.lost(w) && !reports_[static_cast<std::size_t>(w)])
            throw std::runtime_error(
                fmt::format("worker {} of the parallel search ended unexpectedly", w));
}

ParallelResult ParallelWorker::run(const FoundHandler& on_violation,
                                   const Explorer::LimitCheck& within_limits,
                                   const std::function<std::string()>& extra) {
    const auto begin = std::chrono::steady_clock::now();
    on_violation_ = &on_violation;
    initial_ = space_.save();
    initial_fingerprint_ = space_.fingerprint();
    if (!coordinator())
        transport_.send(
            0, MessageWriter(MessageKind::Hello).fingerprint(initial_fingerprint_).bytes());
    if (coordinator()) {
        // Every worker has loaded the program and is asking for work before the search
        // starts: the first request splits the root, and a slow start shows as such.
        while (hellos_ + 1 < transport_.size() && !stopped_) {
            serve();
            check_lost();
            if (hellos_ + 1 < transport_.size()) transport_.wait(10);
        }
        explore(std::nullopt, within_limits);
    }
    while (!stopped_) {
        const auto idle = std::chrono::steady_clock::now();
        std::optional<WorkPrefix> work = steal();
        steal_.counters.idle_seconds += since(idle);
        if (work) explore(work, within_limits);
    }
    space_.discard(initial_);
    WorkerReport mine;
    mine.stats = explorer_.stats();
    mine.stats.store_bytes = owner_.store_bytes();
    mine.owner = owner_.counters();
    mine.steals = steal_.counters;
    mine.seconds = since(begin);
    mine.found = found_;
    if (extra) mine.extra = extra();
    ParallelResult result;
    if (!coordinator()) {
        mine.transport = transport_.counters();
        MessageWriter out(MessageKind::Report);
        write_report(out, mine);
        transport_.send(0, out.bytes());
        result.workers.push_back(mine);
        result.total = mine;
        return result;
    }
    // Every other worker reports once it has heard the Stop.
    const auto all_in = [&] {
        for (std::size_t w = 1; w < reports_.size(); ++w)
            if (!reports_[w]) return false;
        return true;
    };
    while (!all_in()) {
        serve();
        check_lost();
        if (!all_in()) transport_.wait(10);
    }
    mine.transport = transport_.counters();
    reports_[0] = mine;
    for (const std::optional<WorkerReport>& r : reports_) {
        result.workers.push_back(*r);
        add_report(result.total, *r);
    }
    if (first_found_) result.total.found.insert(result.total.found.begin(), *first_found_);
    result.budget_spent = budget_spent_ && result.total.found.empty();
    result.end = !result.total.found.empty() ? SearchEnd::Violation
                 : limit_ || budget_spent_   ? SearchEnd::Limit
                                             : SearchEnd::Exhausted;
    return result;
}

} // namespace rankfold::mc::parallel
