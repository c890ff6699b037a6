// ShmemWorld: what a visible OpenSHMEM call does when issued, when it is ready, how it completes.
#include "simulated-shmem/interface/ShmemWorld.hpp"

#include "simulated-shmem/interface/SymmetricMemory.hpp"
#include "simulated-shmem/src/ShmemNames.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace rankfold::shmem {

using mpi::Misuse;
using mpi::Progress;

namespace {

bool collective(ShmemOp op) {
    switch (op) {
    case ShmemOp::None:
    case ShmemOp::Init:
    case ShmemOp::WaitUntil:
    case ShmemOp::SetLock:
    case ShmemOp::Quiet:
    case ShmemOp::Fetch:
        return false;
    default:
        return true;
    }
}

CollectiveEntry entry_of(const ShmemCall& call) {
    CollectiveEntry e;
    e.op = call.op;
    const bool allocation = call.op == ShmemOp::Malloc || call.op == ShmemOp::Realloc;
    e.size = allocation || call.op >= ShmemOp::Broadcast ? call.size : 0;
    e.count = call.count;
    e.root = call.root;
    e.stride = call.stride;
    e.extent = call.extent;
    e.kind = call.kind;
    return e;
}

// Whether two members' entries into one collective agree (Collect's counts may differ).
bool agree(const CollectiveEntry& a, const CollectiveEntry& b) {
    return a.op == b.op && a.size == b.size && (a.op == ShmemOp::Collect || a.count == b.count) &&
           a.root == b.root && a.stride == b.stride && a.extent == b.extent && a.kind == b.kind;
}

std::string describe(const CollectiveEntry& e) {
    switch (e.op) {
    case ShmemOp::TeamSplit:
        return fmt::format("{} (start {}, stride {}, size {})", op_name(e.op), e.root, e.stride,
                           e.extent);
    case ShmemOp::TeamSplit2d:
        return fmt::format("{} (xrange {})", op_name(e.op), e.extent);
    case ShmemOp::Broadcast:
        return fmt::format("{} ({} elements of {} bytes, of type {}, root {})", op_name(e.op),
                           e.count, e.size, element_name(e.kind), e.root);
    case ShmemOp::Reduce:
        return fmt::format("{} ({} elements of {} bytes, operator {})", op_name(e.op), e.count,
                           e.size, reduction_name(e.kind));
    case ShmemOp::Alltoalls:
        return fmt::format("{} ({} elements of {} bytes, of type {}, dst {}, sst {})",
                           op_name(e.op), e.count, e.size, element_name(e.kind), e.stride,
                           e.extent);
    default:
        return fmt::format("{} ({} elements of {} bytes, of type {})", op_name(e.op), e.count,
                           e.size, element_name(e.kind));
    }
}

// The variable a wait_until watches, read as a 64-bit value of its signedness.
std::uint64_t read_variable(const ShmemCall& call) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, call.address, std::min<std::size_t>(call.size, sizeof bits));
    if (call.is_signed && call.size < sizeof bits) {
        const auto shift = static_cast<unsigned>(64 - 8 * call.size);
        bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(bits << shift) >> shift);
    }
    return bits;
}

bool satisfied(const ShmemCall& call) {
    const std::uint64_t value = read_variable(call);
    if (call.is_signed)
        return compare(call.cmp, static_cast<std::int64_t>(value),
                       static_cast<std::int64_t>(call.operand));
    return compare(call.cmp, value, call.operand);
}

std::string value_text(const ShmemCall& call, std::uint64_t bits) {
    return call.is_signed ? fmt::format("{}", static_cast<std::int64_t>(bits))
                          : fmt::format("{}", bits);
}

long* lock_word(int pe, const ShmemCall& call) {
    const SymmetricMemory* memory = symmetric_memory();
    return static_cast<long*>(memory->translate(pe, call.address, sizeof(long), 0));
}

std::optional<std::size_t> heap_offset(int pe, const void* address) {
    const SymmetricMemory* memory = symmetric_memory();
    const std::byte* heap = memory ? memory->heap(pe) : nullptr;
    const auto* p = static_cast<const std::byte*>(address);
    if (heap == nullptr || p < heap || p >= heap + memory->heap_size()) return std::nullopt;
    return static_cast<std::size_t>(p - heap);
}

} // namespace

ShmemWorld::ShmemWorld(int pes) : pes_(static_cast<std::size_t>(pes)) {
    Team all;
    for (int p = 0; p < pes; ++p) all.members.push_back(TeamMember{p});
    teams_ = {all, all}; // SHMEM_TEAM_WORLD, SHMEM_TEAM_SHARED
}

int Team::index_of(int pe) const {
    for (std::size_t i = 0; i < members.size(); ++i)
        if (members[i].pe == pe) return static_cast<int>(i);
    return -1;
}

const Team* ShmemWorld::team(int handle) const {
    if (handle < 0 || handle >= teams()) return nullptr;
    return &teams_[static_cast<std::size_t>(handle)];
}

Team* ShmemWorld::team(int handle) {
    if (handle < 0 || handle >= teams()) return nullptr;
    return &teams_[static_cast<std::size_t>(handle)];
}

bool ShmemWorld::put_pending(int reader, int target, std::uintptr_t begin,
                             std::uintptr_t end) const {
    for (int origin = 0; origin < size(); ++origin) {
        if (origin == reader) continue;
        for (const PendingPut& put : pe(origin).pending)
            if (put.target == target && put_overlaps(put, begin, end)) return true;
    }
    return false;
}

std::vector<int> ShmemWorld::team_contexts(int p, int team) const {
    std::vector<int> out;
    const std::vector<ShmemContext>& contexts = pe(p).contexts;
    for (std::size_t i = 0; i < contexts.size(); ++i)
        if (contexts[i].alive && contexts[i].team == team) out.push_back(static_cast<int>(i) + 1);
    return out;
}

const CollectiveEntry* ShmemWorld::entry(const TeamMember& m, std::uint64_t n) {
    if (m.collectives == n) return &m.current;
    if (m.collectives == n + 1) return &m.previous;
    return nullptr;
}

Progress ShmemWorld::issue(int p, const ShmemCall& call, std::optional<ShmemFailure>& failure) {
    PeState& me = pe(p);
    if (call.op == ShmemOp::Init) {
        // OpenSHMEM 1.5 allows shmem_init more than once; each call after the first does nothing.
        me.initialized = !me.finalized;
        used_ =
            std::any_of(pes_.begin(), pes_.end(), [](const PeState& q) { return q.initialized; });
        return Progress::Done;
    }
    if (!me.initialized) {
        failure = ShmemFailure{Misuse::CallBeforeInit, "called before shmem_init"};
        return Progress::Failed;
    }
    if (me.finalized) {
        failure = ShmemFailure{Misuse::CallAfterFinalize, "called after shmem_finalize"};
        return Progress::Failed;
    }
    // Quiet first: a barrier (or a call that starts with one) lands the PE's puts before the
    // PE joins it, so no member leaves before they are all in place.
    if (completes_puts(call)) land_all(p, completed_context(call));
    if (call.op == ShmemOp::Quiet || call.op == ShmemOp::Fetch) return Progress::Done;
    if (call.op == ShmemOp::Free || call.op == ShmemOp::Realloc) {
        const auto offset = heap_offset(p, call.address);
        const bool null_ok = call.address == nullptr;
        if (!null_ok && (!offset || me.heap.find(*offset) == nullptr)) {
            failure = ShmemFailure{
                Misuse::BadSymmetricFree,
                fmt::format("{} is not a live block of the symmetric heap (never allocated "
                            "by shmem_malloc, or already freed)",
                            fmt::ptr(call.address))};
            return Progress::Failed;
        }
    }
    if (!collective(call.op)) return Progress::Blocked;
    Team* t = team(call.team);
    const int index = t ? t->index_of(p) : -1;
    if (index < 0 || t->members[static_cast<std::size_t>(index)].destroyed) {
        failure = ShmemFailure{Misuse::InvalidTeam,
                               fmt::format("team {} is not a team of PE {}", call.team, p)};
        return Progress::Failed;
    }
    TeamMember& m = t->members[static_cast<std::size_t>(index)];
    m.previous = m.current;
    m.current = entry_of(call);
    const std::uint64_t n = ++m.collectives;
    const bool last = std::all_of(t->members.begin(), t->members.end(),
                                  [n](const TeamMember& o) { return o.collectives >= n; });
    const bool agreed = std::all_of(t->members.begin(), t->members.end(), [&](const TeamMember& o) {
        const CollectiveEntry* theirs = entry(o, n); // nullptr: not entered yet
        return theirs == nullptr || agree(*theirs, m.current);
    });
    // A disagreement is reported when the members complete (complete()).
    if (last && agreed) perform(*t, n, call, p);
    return Progress::Blocked;
}

bool ShmemWorld::ready(int p, const ShmemCall& call) const {
    switch (call.op) {
    case ShmemOp::WaitUntil:
        return satisfied(call);
    case ShmemOp::SetLock:
        return *lock_word(p, call) == 0;
    case ShmemOp::None:
    case ShmemOp::Init:
    case ShmemOp::Quiet:
    case ShmemOp::Fetch:
        return true;
    default:
        break;
    }
    const Team& t = *team(call.team);
    const std::uint64_t n = t.members[static_cast<std::size_t>(t.index_of(p))].collectives;
    return std::all_of(t.members.begin(), t.members.end(),
                       [n](const TeamMember& m) { return m.collectives >= n; });
}

Progress ShmemWorld::complete(int p, ShmemCall& call, std::optional<ShmemFailure>& failure) {
    PeState& me = pe(p);
    if (call.op == ShmemOp::SetLock) {
        *lock_word(p, call) = p + 1;
        return Progress::Done;
    }
    if (!collective(call.op)) return Progress::Done;
    // Every member has entered this collective: do they agree?
    const Team& t = *team(call.team);
    const int index = t.index_of(p);
    const TeamMember& mine = t.members[static_cast<std::size_t>(index)];
    for (const TeamMember& other : t.members) {
        const CollectiveEntry* theirs = entry(other, mine.collectives);
        if (theirs == nullptr || agree(*theirs, mine.current)) continue;
        const int q = other.pe;
        if (theirs->op != mine.current.op) {
            failure = ShmemFailure{Misuse::CollectiveMismatch,
                                   fmt::format("PE {} calls {} where PE {} calls {}", p,
                                               op_name(mine.current.op), q, op_name(theirs->op))};
        } else if (call.op == ShmemOp::Malloc || call.op == ShmemOp::Realloc) {
            failure =
                ShmemFailure{Misuse::SymmetricSizeMismatch,
                             fmt::format("PE {} asks {} for {} bytes where PE {} asks for {}", p,
                                         op_name(call.op), mine.current.size, q, theirs->size)};
        } else {
            failure = ShmemFailure{Misuse::CollectiveMismatch,
                                   fmt::format("PE {} calls {} where PE {} calls {}", p,
                                               describe(mine.current), q, describe(*theirs))};
        }
        return Progress::Failed;
    }
    const SymmetricMemory* memory = symmetric_memory();
    std::byte* heap = memory ? memory->heap(p) : nullptr;
    switch (call.op) {
    case ShmemOp::Finalize:
        me.finalized = true;
        break;
    case ShmemOp::TeamSplit: {
        const Team& made = teams_[static_cast<std::size_t>(mine.current.created)];
        *call.new_team = made.index_of(p) >= 0 ? mine.current.created : -1;
        break;
    }
    case ShmemOp::TeamSplit2d: {
        const auto all = static_cast<std::int64_t>(t.members.size());
        const std::int64_t x = std::min(mine.current.extent, all);
        const std::int64_t rows = (all + x - 1) / x;
        *call.new_team = mine.current.created + static_cast<int>(index / x);
        *call.new_team_y = mine.current.created + static_cast<int>(rows + index % x);
        break;
    }
    case ShmemOp::Malloc: {
        std::optional<std::size_t> offset;
        if (heap != nullptr)
            offset = me.heap.allocate(call.size, call.alignment, memory->heap_size());
        *call.result = offset ? heap + *offset : nullptr;
        if (offset && call.zero) std::memset(heap + *offset, 0, call.size);
        break;
    }
    case ShmemOp::Free:
        if (call.address != nullptr) me.heap.release(*heap_offset(p, call.address));
        break;
    case ShmemOp::Realloc: {
        std::optional<std::size_t> old;
        if (call.address != nullptr) old = heap_offset(p, call.address);
        std::optional<std::size_t> offset;
        if (heap != nullptr && call.size > 0)
            offset = me.heap.allocate(call.size, 0, memory->heap_size());
        if (offset && old)
            std::memmove(heap + *offset, heap + *old,
                         std::min(call.size, me.heap.find(*old)->size));
        if (old && (offset || call.size == 0)) me.heap.release(*old);
        *call.result = offset ? heap + *offset : nullptr;
        break;
    }
    default:
        break;
    }
    return Progress::Done;
}

std::string ShmemWorld::waiting_for(int p, const ShmemCall& call,
                                    const std::string& variable) const {
    const std::string where = variable.empty()
                                  ? fmt::format("the variable at {}", fmt::ptr(call.address))
                                  : fmt::format("{} (at {})", variable, fmt::ptr(call.address));
    if (call.op == ShmemOp::WaitUntil)
        return fmt::format("{} to become {} {}; its value is {}", where, compare_name(call.cmp),
                           value_text(call, call.operand), value_text(call, read_variable(call)));
    if (call.op == ShmemOp::SetLock)
        return fmt::format("the lock {}, held by PE {}",
                           variable.empty() ? fmt::format("at {}", fmt::ptr(call.address))
                                            : variable,
                           *lock_word(p, call) - 1);
    const Team& t = *team(call.team);
    const TeamMember& mine = t.members[static_cast<std::size_t>(t.index_of(p))];
    std::vector<int> missing;
    for (const TeamMember& m : t.members)
        if (m.collectives < mine.collectives) missing.push_back(m.pe);
    std::string who;
    for (int q : missing) who += fmt::format("{}{}", who.empty() ? "" : ", ", q);
    return fmt::format("PE{} {} to call {}", missing.size() == 1 ? "" : "s", who,
                       op_name(mine.current.op));
}

} // namespace rankfold::shmem
