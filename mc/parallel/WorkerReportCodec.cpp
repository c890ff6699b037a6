#include "mc/parallel/WorkerReportCodec.hpp"

#include <algorithm>

namespace rankfold::mc::parallel {

void write_report(MessageWriter& out, const WorkerReport& r) {
    const ExplorerStats& s = r.stats;
    out.u64(s.states).u64(s.transitions).u64(s.executions).u64(s.revisits).u64(s.sleep_blocked);
    out.u64(s.violations).u64(s.max_depth).u64(s.store_bytes);
    out.u64(r.owner.asked).u64(r.owner.cache_hits).u64(r.owner.answered).u64(r.owner.owned);
    out.u64(r.steals.requests).u64(r.steals.received).u64(r.steals.given).u64(r.steals.refused);
    out.f64(r.steals.idle_seconds);
    out.u64(r.transport.messages_sent).u64(r.transport.bytes_sent);
    out.u64(r.transport.messages_received);
    out.f64(r.seconds);
    out.u64(r.found.size());
    for (const FoundPath& f : r.found) out.i32(f.tag).i32(f.worker).transitions(f.path);
    out.text(r.extra);
}

WorkerReport read_report(MessageReader& in) {
    WorkerReport r;
    ExplorerStats& s = r.stats;
    s.states = in.u64();
    s.transitions = in.u64();
    s.executions = in.u64();
    s.revisits = in.u64();
    s.sleep_blocked = in.u64();
    s.violations = in.u64();
    s.max_depth = in.u64();
    s.store_bytes = in.u64();
    r.owner.asked = in.u64();
    r.owner.cache_hits = in.u64();
    r.owner.answered = in.u64();
    r.owner.owned = in.u64();
    r.steals.requests = in.u64();
    r.steals.received = in.u64();
    r.steals.given = in.u64();
    r.steals.refused = in.u64();
    r.steals.idle_seconds = in.f64();
    r.transport.messages_sent = in.u64();
    r.transport.bytes_sent = in.u64();
    r.transport.messages_received = in.u64();
    r.seconds = in.f64();
    const std::uint64_t found = in.u64();
    for (std::uint64_t i = 0; i < found; ++i) {
        FoundPath f;
        f.tag = in.i32();
        f.worker = in.i32();
        f.path = in.transitions();
        r.found.push_back(std::move(f));
    }
    r.extra = in.text();
    return r;
}

void add_report(WorkerReport& t, const WorkerReport& r) {
    t.stats.states += r.stats.states;
    t.stats.transitions += r.stats.transitions;
    t.stats.executions += r.stats.executions;
    t.stats.revisits += r.stats.revisits;
    t.stats.sleep_blocked += r.stats.sleep_blocked;
    t.stats.violations += r.stats.violations;
    t.stats.max_depth = std::max(t.stats.max_depth, r.stats.max_depth);
    t.stats.store_bytes += r.stats.store_bytes;
    t.owner.asked += r.owner.asked;
    t.owner.cache_hits += r.owner.cache_hits;
    t.owner.answered += r.owner.answered;
    t.owner.owned += r.owner.owned;
    t.steals.requests += r.steals.requests;
    t.steals.received += r.steals.received;
    t.steals.given += r.steals.given;
    t.steals.refused += r.steals.refused;
    t.steals.idle_seconds += r.steals.idle_seconds;
    t.transport.messages_sent += r.transport.messages_sent;
    t.transport.bytes_sent += r.transport.bytes_sent;
    t.transport.messages_received += r.transport.messages_received;
    t.seconds = std::max(t.seconds, r.seconds);
    t.found.insert(t.found.end(), r.found.begin(), r.found.end());
}

} // namespace rankfold::mc::parallel
