#include "mc/search/SummaryPool.hpp"

#include <xxhash.h>

#include <algorithm>
#include <tuple>

namespace rankfold::mc {

namespace {

// A transition's identity in a summary: every field but the effects. The ids are not part of
// a transition's identity elsewhere, but a footprint (RemoteLanding's bytes) may read them.
// What an execution found (Transition::passive_targets, ran) is not: source sets order every
// one-sided step with every other by its effects (ClosureEffects::everything).
auto identity(const Transition& t) {
    return std::tie(t.kind, t.rank, t.object, t.outcome, t.receive_id, t.message_id, t.detail);
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    return (h ^ v) * 0x9E3779B97F4A7C15ULL + (h >> 29);
}

constexpr std::uint32_t identity_of(SummaryPool::Entry e) {
    return static_cast<std::uint32_t>(e >> 32);
}
constexpr std::uint32_t effects_of(SummaryPool::Entry e) {
    return static_cast<std::uint32_t>(e);
}
constexpr SummaryPool::Entry make_entry(std::uint32_t identity, std::uint32_t effects) {
    return (SummaryPool::Entry{identity} << 32) | effects;
}

} // namespace

std::size_t SummaryPool::IdentityHash::operator()(const Transition& t) const noexcept {
    auto h = static_cast<std::uint64_t>(t.kind);
    h = mix(h, static_cast<std::uint32_t>(t.rank));
    h = mix(h, static_cast<std::uint32_t>(t.object));
    h = mix(h, static_cast<std::uint32_t>(t.outcome));
    h = mix(h, t.receive_id);
    h = mix(h, t.message_id);
    h = mix(h, t.detail);
    return static_cast<std::size_t>(h);
}

bool SummaryPool::IdentityEqual::operator()(const Transition& a,
                                            const Transition& b) const noexcept {
    return identity(a) == identity(b);
}

std::size_t SummaryPool::EffectsHash::operator()(const Effects& e) const noexcept {
    return static_cast<std::size_t>(mix(mix(mix(e.ran, e.resumed), e.requests), e.observed));
}

bool SummaryPool::EffectsEqual::operator()(const Effects& a, const Effects& b) const noexcept {
    return a.ran == b.ran && a.resumed == b.resumed && a.requests == b.requests &&
           a.observed == b.observed;
}

std::uint32_t SummaryPool::effects_id(const Effects& e) {
    auto [it, added] = effects_ids_.try_emplace(e, static_cast<std::uint32_t>(effects_.size()));
    if (added) effects_.push_back(e);
    return it->second;
}

SummaryPool::Entry SummaryPool::entry(const Transition& t) {
    Transition bare = t;
    bare.effects = Effects{};
    auto [it, added] =
        identity_ids_.try_emplace(bare, static_cast<std::uint32_t>(identities_.size()));
    if (added) identities_.push_back(bare);
    return make_entry(it->second, effects_id(t.effects));
}

SummaryPool::Entry SummaryPool::merged(Entry a, Entry b) {
    if (effects_of(a) == effects_of(b)) return a;
    Effects e = effects_[effects_of(a)];
    e |= effects_[effects_of(b)];
    return make_entry(identity_of(a), effects_id(e));
}

bool SummaryPool::covers(const Set& whole, const Set& part) const {
    auto a = whole.cbegin();
    for (const Entry e : part) {
        while (a != whole.cend() && identity_of(*a) < identity_of(e)) ++a;
        if (a == whole.cend() || identity_of(*a) != identity_of(e)) return false;
        if (effects_of(*a) == effects_of(e)) continue;
        Effects united = effects_[effects_of(*a)];
        united |= effects_[effects_of(e)];
        if (!EffectsEqual{}(united, effects_[effects_of(*a)])) return false;
    }
    return true;
}

Transition SummaryPool::transition(Entry e) const {
    Transition t = identities_[identity_of(e)];
    t.effects = effects_[effects_of(e)];
    return t;
}

void SummaryPool::insert(Set& set, const Transition& t) {
    const Entry e = entry(t);
    auto at = std::ranges::lower_bound(set, identity_of(e), {}, identity_of);
    if (at != set.end() && identity_of(*at) == identity_of(e))
        *at = merged(*at, e); // one transition executed several times keeps every effect
    else
        set.insert(at, e);
}

void SummaryPool::unite(Set& into, const Set& from) {
    if (from.empty()) return;
    Set out;
    out.reserve(into.size() + from.size());
    auto a = into.cbegin();
    auto b = from.cbegin();
    while (a != into.cend() || b != from.cend()) {
        if (b == from.cend() || (a != into.cend() && identity_of(*a) < identity_of(*b)))
            out.push_back(*a++);
        else if (a == into.cend() || identity_of(*b) < identity_of(*a))
            out.push_back(*b++);
        else
            out.push_back(merged(*a++, *b++)); // the same transition in both
    }
    into = std::move(out);
}

SummaryPool::Id SummaryPool::share(const Set& set) {
    if (set.empty()) return kEmpty;
    const std::uint64_t hash = XXH3_64bits(set.data(), set.size() * sizeof(Entry));
    auto [first, last] = by_hash_.equal_range(hash);
    for (auto it = first; it != last; ++it)
        if (slots_[it->second].set == set) {
            ++slots_[it->second].users;
            return it->second;
        }
    Id id = 0;
    if (free_.empty()) {
        id = static_cast<Id>(slots_.size());
        slots_.emplace_back();
    } else {
        id = free_.back();
        free_.pop_back();
    }
    Slot& slot = slots_[id];
    slot.set = set;
    slot.set.shrink_to_fit();
    slot.hash = hash;
    slot.users = 1;
    by_hash_.emplace(hash, id);
    return id;
}

void SummaryPool::release(Id id) {
    if (id == kEmpty) return;
    Slot& slot = slots_[id];
    if (--slot.users > 0) return;
    auto [first, last] = by_hash_.equal_range(slot.hash);
    for (auto it = first; it != last; ++it)
        if (it->second == id) {
            by_hash_.erase(it);
            break;
        }
    Set().swap(slot.set);
    free_.push_back(id);
}

std::size_t SummaryPool::bytes() const {
    // Hash-table nodes: the value and two pointers' worth of bookkeeping each.
    constexpr std::size_t kNode = 2 * sizeof(void*);
    std::size_t total = identities_.capacity() * sizeof(Transition) +
                        identity_ids_.size() * (sizeof(Transition) + 4 + kNode) +
                        effects_.capacity() * sizeof(Effects) +
                        effects_ids_.size() * (sizeof(Effects) + 4 + kNode) +
                        slots_.capacity() * sizeof(Slot) + free_.capacity() * sizeof(Id) +
                        by_hash_.size() * (sizeof(std::uint64_t) + sizeof(Id) + kNode);
    for (const Slot& s : slots_) total += s.set.capacity() * sizeof(Entry);
    return total;
}

void SummaryPool::clear() {
    identity_ids_.clear();
    identities_.clear();
    effects_ids_.clear();
    effects_.clear();
    slots_.assign(1, Slot{});
    free_.clear();
    by_hash_.clear();
}

} // namespace rankfold::mc
