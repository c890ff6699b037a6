#include "properties/contracts/ContractMonitor.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::properties::contracts {

namespace {

void fingerprint_args(const Arguments& args, snapshot::FingerprintBuilder& into) {
    into.value(static_cast<std::uint64_t>(args.size()));
    for (const CallArgument& a : args) {
        into.value(a.value);
        into.value(a.pointee_size);
        into.value(a.bytes);
    }
}

bool is_empty(const RankContracts& rc) {
    return rc.history.empty() && rc.open.empty() && rc.reads.empty() && rc.writes.empty();
}

void fingerprint_touched(const TouchedBytes& t, snapshot::FingerprintBuilder& into) {
    into.value(static_cast<std::uint64_t>(t.ranges().size()));
    for (const ByteRange& r : t.ranges()) {
        into.value(static_cast<std::uint64_t>(r.low));
        into.value(static_cast<std::uint64_t>(r.high));
    }
}

} // namespace

void ContractState::fingerprint(snapshot::FingerprintBuilder& into) const {
    into.value(static_cast<std::uint64_t>(ranks.size()));
    for (const RankContracts& rc : ranks) {
        into.value(static_cast<std::uint64_t>(rc.history.size()));
        for (const CallRecord& r : rc.history) {
            into.value(static_cast<std::int64_t>(r.function));
            fingerprint_args(r.args, into);
        }
        into.value(static_cast<std::uint64_t>(rc.open.size()));
        for (const OpenPost& p : rc.open) {
            into.value(static_cast<std::int64_t>(p.contract));
            into.value(static_cast<std::uint64_t>(p.site));
            fingerprint_args(p.args, into);
            for (const LeafStatus s : p.leaves) into.value(static_cast<std::uint8_t>(s));
        }
        fingerprint_touched(rc.reads, into);
        fingerprint_touched(rc.writes, into);
    }
}

ContractMonitor::ContractMonitor(Verdicts& verdicts, const ContractSet& set, MemoryReader read,
                                 SiteLocator locate, bool accesses)
    : Monitor(verdicts), set_(set), read_(std::move(read)), matcher_(set_, read_),
      locate_(std::move(locate)), accesses_(accesses && set.watches_accesses()),
      records_reads_(accesses && set.records_reads()),
      records_writes_(accesses && set.records_writes()) {}

RankContracts& ContractMonitor::rank(int r) {
    const auto index = static_cast<std::size_t>(std::max(r, 0));
    if (state_.ranks.size() <= index) state_.ranks.resize(index + 1);
    return state_.ranks[index];
}

void ContractMonitor::on_call(const CallEvent& e) {
    if (!set_.concerns(e.function)) return;
    RankContracts& rc = rank(e.rank);
    if (!advance_open(rc, e)) return; // the path ends at this call
    const std::vector<int>* supplied = set_.supplied_by(e.function);
    if (supplied)
        for (const int id : *supplied) {
            const SuppliedContract& c = set_.contracts()[static_cast<std::size_t>(id)];
            if (!c.contract.pre.empty() && !check_pre(c, rc, e)) return;
        }
    if (const int id = set_.recorded_id(e.function); id >= 0) {
        CallRecord record{id, Arguments(e.args.begin(), e.args.end())};
        if (std::find(rc.history.begin(), rc.history.end(), record) == rc.history.end())
            rc.history.push_back(std::move(record));
    }
    if (!supplied) return;
    for (const int id : *supplied) {
        const SuppliedContract& c = set_.contracts()[static_cast<std::size_t>(id)];
        if (c.contract.post.empty()) continue;
        OpenPost p{id, e.site, Arguments(e.args.begin(), e.args.end()),
                   std::vector<LeafStatus>(c.post_leaves, LeafStatus::Open)};
        if (c.post_accesses && !accesses_) settle_accesses(c.contract.post, p.leaves);
        if (list_status(c.contract.post, p.leaves, false) == LeafStatus::Open)
            rc.open.push_back(std::move(p));
    }
}

bool ContractMonitor::advance_open(RankContracts& rc, const CallEvent& e) {
    const CallView view{e.function, e.args};
    for (auto it = rc.open.begin(); it != rc.open.end();) {
        const SuppliedContract& c = set_.contracts()[static_cast<std::size_t>(it->contract)];
        if (observe(c.contract.post, it->leaves, matcher_, view, it->args)) {
            const LeafStatus s = list_status(c.contract.post, it->leaves, false);
            if (s == LeafStatus::Violated) {
                report(c, e.rank, it->site, e.site,
                       failed_part(c.contract.post, it->leaves, false));
                return false;
            }
            if (s == LeafStatus::Satisfied) {
                it = rc.open.erase(it);
                continue;
            }
        }
        ++it;
    }
    return true;
}

bool ContractMonitor::check_pre(const SuppliedContract& c, const RankContracts& rc,
                                const CallEvent& e) {
    const auto happened = [&](const CallOp& op) {
        return std::any_of(rc.history.begin(), rc.history.end(), [&](const CallRecord& r) {
            const CallView past{set_.recorded_name(r.function), r.args};
            return matcher_.matches(op, past, e.args);
        });
    };
    // A parameter of unknown extent (arguments not decoded) cannot be asked about: satisfied.
    const auto accessed = [&](const AccessOp& op) {
        const ByteRange bytes = access_bytes(op, e.args);
        if (!(op.write ? records_writes_ : records_reads_) || bytes.low >= bytes.high) return true;
        return (op.write ? rc.writes : rc.reads).overlaps(bytes);
    };
    const std::vector<LeafStatus> leaves = decide_pre(c.contract.pre, happened, accessed);
    if (list_status(c.contract.pre, leaves, true) != LeafStatus::Violated) return true;
    report(c, e.rank, e.site, e.site, failed_part(c.contract.pre, leaves, true));
    return false;
}

void ContractMonitor::on_memory_access(const MemoryAccessEvent& e) {
    if (e.rank < 0) return;
    if (e.write ? records_writes_ : records_reads_) {
        RankContracts& rc = rank(e.rank);
        (e.write ? rc.writes : rc.reads).add({e.address, e.address + e.size});
    }
    if (!accesses_ || static_cast<std::size_t>(e.rank) >= state_.ranks.size()) return;
    RankContracts& rc = state_.ranks[static_cast<std::size_t>(e.rank)];
    const AccessView access{{e.address, e.address + e.size}, e.write};
    for (auto it = rc.open.begin(); it != rc.open.end();) {
        const SuppliedContract& c = set_.contracts()[static_cast<std::size_t>(it->contract)];
        if (c.post_accesses && observe_access(c.contract.post, it->leaves, access, it->args)) {
            const LeafStatus s = list_status(c.contract.post, it->leaves, false);
            if (s == LeafStatus::Violated) {
                report(c, e.rank, it->site, e.site,
                       failed_part(c.contract.post, it->leaves, false));
                return;
            }
            if (s == LeafStatus::Satisfied) {
                it = rc.open.erase(it);
                continue;
            }
        }
        ++it;
    }
}

ByteRange ContractMonitor::watched_bytes(int rank) const {
    ByteRange hull;
    if (records_reads_ || records_writes_) return {0, ~std::uintptr_t{0}}; // all remembered
    if (!accesses_ || rank < 0 || static_cast<std::size_t>(rank) >= state_.ranks.size())
        return hull;
    for (const OpenPost& p : state_.ranks[static_cast<std::size_t>(rank)].open) {
        const SuppliedContract& c = set_.contracts()[static_cast<std::size_t>(p.contract)];
        if (c.post_accesses) contracts::watched_bytes(c.contract.post, p.leaves, p.args, hull);
    }
    return hull;
}

void ContractMonitor::on_end_state(const EndStateEvent& e) {
    (void)e;
    for (std::size_t r = 0; r < state_.ranks.size(); ++r)
        for (const OpenPost& p : state_.ranks[r].open) {
            const SuppliedContract& c = set_.contracts()[static_cast<std::size_t>(p.contract)];
            if (list_status(c.contract.post, p.leaves, true) != LeafStatus::Violated) continue;
            report(c, static_cast<int>(r), p.site, p.site,
                   failed_part(c.contract.post, p.leaves, true));
            return;
        }
}

void ContractMonitor::report(const SuppliedContract& c, int rank, std::uintptr_t supplied_at,
                             std::uintptr_t broken_at, std::string failed) {
    Violation v;
    v.kind = ViolationKind::Contract;
    v.rank = rank;
    ContractBreach b;
    b.function = c.function;
    b.contract = c.text;
    b.failed = std::move(failed);
    if (locate_) {
        v.location = locate_(broken_at);
        b.supplied_at = locate_(supplied_at);
    }
    v.message = fmt::format("{} (contract of {}, supplied at {})", b.failed, c.function,
                            b.supplied_at ? b.supplied_at->short_text() : "an unknown place");
    v.contract = std::move(b);
    verdicts().report_violation(std::move(v));
}

std::unique_ptr<MonitorState> ContractMonitor::save() const {
    // Trailing ranks with nothing to remember are left out, so equal states compare equal.
    std::size_t used = state_.ranks.size();
    while (used > 0 && is_empty(state_.ranks[used - 1])) --used;
    if (used == 0) return nullptr;
    auto s = std::make_unique<ContractState>();
    s->ranks.assign(state_.ranks.begin(), state_.ranks.begin() + static_cast<std::ptrdiff_t>(used));
    return s;
}

void ContractMonitor::restore(const MonitorState& state) {
    state_ = static_cast<const ContractState&>(state);
}

} // namespace rankfold::properties::contracts
