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
    return op == ShmemOp::Finalize || op == ShmemOp::BarrierAll || op == ShmemOp::Malloc ||
           op == ShmemOp::Free || op == ShmemOp::Realloc;
}

// The variable a wait_until watches, read as a 64-bit value of its signedness.
std::uint64_t read_variable(const ShmemCall& call) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, call.address, std::min<std::size_t>(call.size, sizeof bits));
    if (call.is_signed && call.size < sizeof bits) {
        const unsigned shift = static_cast<unsigned>(64 - 8 * call.size);
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

bool ShmemWorld::used() const {
    return std::any_of(pes_.begin(), pes_.end(), [](const PeState& p) { return p.initialized; });
}

const CollectiveEntry* ShmemWorld::entry(int p, std::uint64_t n) const {
    const PeState& s = pe(p);
    if (s.collectives == n) return &s.current;
    if (s.collectives == n + 1) return &s.previous;
    return nullptr;
}

Progress ShmemWorld::issue(int p, const ShmemCall& call, std::optional<ShmemFailure>& failure) {
    PeState& me = pe(p);
    if (call.op == ShmemOp::Init) {
        // OpenSHMEM 1.5 allows shmem_init more than once; each call after the first does nothing.
        me.initialized = !me.finalized;
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
    if (collective(call.op)) {
        me.previous = me.current;
        me.current = CollectiveEntry{
            call.op, call.op == ShmemOp::Malloc || call.op == ShmemOp::Realloc ? call.size : 0};
        ++me.collectives;
    }
    return Progress::Blocked;
}

bool ShmemWorld::ready(int p, const ShmemCall& call) const {
    switch (call.op) {
    case ShmemOp::WaitUntil:
        return satisfied(call);
    case ShmemOp::SetLock:
        return *lock_word(p, call) == 0;
    case ShmemOp::None:
        return true;
    default:
        break;
    }
    const std::uint64_t n = pe(p).collectives;
    return std::all_of(pes_.begin(), pes_.end(),
                       [n](const PeState& s) { return s.collectives >= n; });
}

Progress ShmemWorld::complete(int p, ShmemCall& call, std::optional<ShmemFailure>& failure) {
    PeState& me = pe(p);
    if (call.op == ShmemOp::SetLock) {
        *lock_word(p, call) = p + 1;
        return Progress::Done;
    }
    if (!collective(call.op)) return Progress::Done;
    // Every PE has entered this collective: do they agree?
    for (int q = 0; q < size(); ++q) {
        const CollectiveEntry* theirs = entry(q, me.collectives);
        if (theirs == nullptr || *theirs == me.current) continue;
        if (theirs->op != me.current.op) {
            failure = ShmemFailure{Misuse::CollectiveMismatch,
                                   fmt::format("PE {} calls {} where PE {} calls {}", p,
                                               op_name(me.current.op), q, op_name(theirs->op))};
        } else {
            failure =
                ShmemFailure{Misuse::SymmetricSizeMismatch,
                             fmt::format("PE {} asks {} for {} bytes where PE {} asks for {}", p,
                                         op_name(call.op), me.current.size, q, theirs->size)};
        }
        return Progress::Failed;
    }
    const SymmetricMemory* memory = symmetric_memory();
    std::byte* heap = memory ? memory->heap(p) : nullptr;
    switch (call.op) {
    case ShmemOp::Finalize:
        me.finalized = true;
        break;
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
    std::vector<int> missing;
    for (int q = 0; q < size(); ++q)
        if (pe(q).collectives < pe(p).collectives) missing.push_back(q);
    std::string who;
    for (int q : missing) who += fmt::format("{}{}", who.empty() ? "" : ", ", q);
    return fmt::format("PE{} {} to call {}", missing.size() == 1 ? "" : "s", who,
                       op_name(pe(p).current.op));
}

} // namespace rankfold::shmem
