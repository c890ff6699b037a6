#include "mc/parallel/Message.hpp"

namespace rankfold::mc::parallel {

// A transition's identity and what applying it needs (the match's ids); not its effects,
// which describe one execution and are only read by source sets (refused in parallel).
MessageWriter& MessageWriter::transition(const Transition& t) {
    i32(static_cast<std::int32_t>(t.kind)).i32(t.rank).i32(t.object).i32(t.outcome);
    return u64(t.receive_id).u64(t.message_id).u64(t.detail).u64(t.passive_targets).u64(t.ran);
}

MessageWriter& MessageWriter::transitions(const std::vector<Transition>& ts) {
    u64(ts.size());
    for (const Transition& t : ts) transition(t);
    return *this;
}

Transition MessageReader::transition() {
    Transition t;
    const std::int32_t kind = i32();
    if (kind < 0 || kind >= kTransitionKinds)
        throw std::runtime_error("a message between workers names no transition kind");
    t.kind = static_cast<TransitionKind>(kind);
    t.rank = i32();
    t.object = i32();
    t.outcome = i32();
    t.receive_id = u64();
    t.message_id = u64();
    t.detail = static_cast<std::uint32_t>(u64());
    t.passive_targets = u64();
    t.ran = u64();
    return t;
}

std::vector<Transition> MessageReader::transitions() {
    const std::uint64_t n = u64();
    std::vector<Transition> out;
    out.reserve(n < 4096 ? n : 4096);
    for (std::uint64_t i = 0; i < n; ++i) out.push_back(transition());
    return out;
}

} // namespace rankfold::mc::parallel
