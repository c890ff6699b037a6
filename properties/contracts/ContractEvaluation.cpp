#include "properties/contracts/ContractEvaluation.hpp"

#include <algorithm>

namespace rankfold::properties::contracts {

namespace {

using Kind = Formula::Kind;

bool mapped(ParamRef ref, std::uint64_t callee, std::uint64_t supplier, const CallArgument& c,
            const CallArgument& s,
            const std::function<bool(const CallArgument&, std::uint64_t&)>& deref) {
    std::uint64_t v = 0;
    switch (ref) {
    case ParamRef::Value:
        return callee == supplier;
    case ParamRef::Deref: // the supplier's parameter points to the callee's value
        return deref(s, v) && v == callee;
    case ParamRef::AddressOf: // the callee's parameter points to the supplier's value
        return deref(c, v) && v == supplier;
    }
    return false;
}

LeafStatus leaf_status(const Formula& f, LeafStatus s, bool at_end) {
    if (s != LeafStatus::Open) return s;
    if (f.kind == Kind::Release && at_end) return LeafStatus::Satisfied;
    return at_end ? LeafStatus::Violated : LeafStatus::Open;
}

LeafStatus status(const Formula& f, std::span<const LeafStatus> leaves, std::size_t& i,
                  bool at_end) {
    if (f.kind != Kind::Or && f.kind != Kind::Xor) return leaf_status(f, leaves[i++], at_end);
    int satisfied = 0, open = 0;
    for (const Formula& c : f.children) {
        const LeafStatus s = status(c, leaves, i, at_end);
        satisfied += s == LeafStatus::Satisfied;
        open += s == LeafStatus::Open;
    }
    if (f.kind == Kind::Or) {
        if (satisfied > 0) return LeafStatus::Satisfied;
        return open > 0 ? LeafStatus::Open : LeafStatus::Violated;
    }
    if (satisfied > 1) return LeafStatus::Violated;
    if (open > 0) return LeafStatus::Open;
    return satisfied == 1 ? LeafStatus::Satisfied : LeafStatus::Violated;
}

// The MSG of a violated part of `f` (itself first), if any.
const std::string* violated_msg(const Formula& f, std::span<const LeafStatus> leaves,
                                std::size_t& i, bool at_end) {
    std::size_t mine = i;
    const bool violated = status(f, leaves, mine, at_end) == LeafStatus::Violated;
    const std::string* found = violated && f.msg ? &*f.msg : nullptr;
    if (f.kind == Kind::Or || f.kind == Kind::Xor) {
        for (const Formula& c : f.children) {
            const std::string* inner = violated_msg(c, leaves, i, at_end);
            if (!found && violated) found = inner;
        }
    } else {
        ++i;
    }
    return found;
}

void observe_leaf(const Formula& f, LeafStatus& s, const Matcher& m, const CallView& call,
                  std::span<const CallArgument> supplier, bool& changed) {
    if (s != LeafStatus::Open) return;
    LeafStatus next = s;
    if (f.kind == Kind::Call && m.matches(f.call, call, supplier)) {
        next = LeafStatus::Satisfied;
    } else if (f.kind == Kind::Release) {
        if (m.matches(f.call, call, supplier))
            next = LeafStatus::Satisfied;
        else if (f.no_call && m.matches(*f.no_call, call, supplier))
            next = LeafStatus::Violated;
    }
    changed = changed || next != s;
    s = next;
}

void observe_formula(const Formula& f, std::span<LeafStatus> leaves, std::size_t& i,
                     const Matcher& m, const CallView& call, std::span<const CallArgument> supplier,
                     bool& changed) {
    if (f.kind == Kind::Or || f.kind == Kind::Xor) {
        for (const Formula& c : f.children)
            observe_formula(c, leaves, i, m, call, supplier, changed);
        return;
    }
    observe_leaf(f, leaves[i++], m, call, supplier, changed);
}

bool overlaps(ByteRange a, ByteRange b) {
    return a.low < b.high && b.low < a.high;
}

// Whether an access to parameter bytes is one `op` names (a read for read!, a write for write!).
bool names(const AccessOp& op, const AccessView& a, std::span<const CallArgument> supplier) {
    return op.write == a.write && overlaps(access_bytes(op, supplier), a.bytes);
}

// Calls `visit(leaf, status)` for each leaf of `f`, in order.
template <class Status, class Visit>
void each_leaf(const Formula& f, std::span<Status> leaves, std::size_t& i, Visit& visit) {
    if (f.kind == Kind::Or || f.kind == Kind::Xor) {
        for (const Formula& c : f.children) each_leaf(c, leaves, i, visit);
        return;
    }
    visit(f, leaves[i++]);
}

template <class Status, class Visit>
void each_leaf(const std::vector<Formula>& list, std::span<Status> leaves, Visit visit) {
    std::size_t i = 0;
    for (const Formula& f : list) each_leaf(f, leaves, i, visit);
}

// A release whose forbidden operation is an access (not a call).
bool forbids_access(const Formula& f) {
    return f.kind == Kind::Release && !f.no_call;
}

void decide_formula(const Formula& f, std::vector<LeafStatus>& out,
                    const std::function<bool(const CallOp&)>& happened,
                    const std::function<bool(const AccessOp&)>& accessed) {
    if (f.kind == Kind::Or || f.kind == Kind::Xor) {
        for (const Formula& c : f.children) decide_formula(c, out, happened, accessed);
        return;
    }
    bool holds = true; // releases in a PRE: not checked
    if (f.kind == Kind::Call) holds = happened(f.call);
    if (f.kind == Kind::Access) holds = accessed(f.access);
    out.push_back(holds ? LeafStatus::Satisfied : LeafStatus::Violated);
}

} // namespace

bool Matcher::dereference(const CallArgument& pointer, std::uint64_t& value) const {
    const std::size_t bytes = pointer.pointee_size ? pointer.pointee_size : sizeof(void*);
    if (bytes > sizeof value || pointer.value == 0) return false;
    return read_ && read_(pointer.value, bytes, value);
}

bool Matcher::matches(const CallOp& op, const CallView& call,
                      std::span<const CallArgument> supplier) const {
    std::optional<int> tag_param;
    if (op.tagged) {
        const auto tag = set_.tag_of(call.function, op.target);
        if (!tag) return false;
        tag_param = *tag;
    } else if (call.function != op.target) {
        return false;
    }
    if (call.args.empty() || supplier.empty()) return true;
    const auto deref = [this](const CallArgument& a, std::uint64_t& v) {
        return dereference(a, v);
    };
    for (const ParamMap& map : op.maps) {
        if (map.tag_param && !tag_param) return false;
        const auto callee = static_cast<std::size_t>(map.tag_param ? *tag_param : map.callee);
        const auto mine = static_cast<std::size_t>(map.supplier);
        if (callee >= call.args.size() || mine >= supplier.size()) return false;
        if (!mapped(map.ref, call.args[callee].value, supplier[mine].value, call.args[callee],
                    supplier[mine], deref))
            return false;
    }
    return true;
}

LeafStatus list_status(const std::vector<Formula>& list, std::span<const LeafStatus> leaves,
                       bool at_end) {
    std::size_t i = 0;
    bool open = false;
    for (const Formula& f : list) {
        const LeafStatus s = status(f, leaves, i, at_end);
        if (s == LeafStatus::Violated) return s;
        open = open || s == LeafStatus::Open;
    }
    return open ? LeafStatus::Open : LeafStatus::Satisfied;
}

std::string failed_part(const std::vector<Formula>& list, std::span<const LeafStatus> leaves,
                        bool at_end) {
    std::size_t i = 0;
    for (const Formula& f : list) {
        std::size_t mine = i;
        if (status(f, leaves, mine, at_end) != LeafStatus::Violated) {
            i = mine;
            continue;
        }
        const std::string* msg = violated_msg(f, leaves, i, at_end);
        return msg ? *msg : to_string(f);
    }
    return "";
}

bool observe(const std::vector<Formula>& list, std::span<LeafStatus> leaves, const Matcher& m,
             const CallView& call, std::span<const CallArgument> supplier) {
    std::size_t i = 0;
    bool changed = false;
    for (const Formula& f : list) observe_formula(f, leaves, i, m, call, supplier, changed);
    return changed;
}

ByteRange access_bytes(const AccessOp& op, std::span<const CallArgument> supplier) {
    const auto k = static_cast<std::size_t>(op.param);
    if (k >= supplier.size() || supplier[k].value == 0) return {};
    const CallArgument& a = supplier[k];
    const std::uint64_t bytes = a.bytes ? a.bytes : a.pointee_size ? a.pointee_size : 1;
    return {static_cast<std::uintptr_t>(a.value), static_cast<std::uintptr_t>(a.value + bytes)};
}

bool observe_access(const std::vector<Formula>& list, std::span<LeafStatus> leaves,
                    const AccessView& access, std::span<const CallArgument> supplier) {
    bool changed = false;
    each_leaf(list, leaves, [&](const Formula& f, LeafStatus& s) {
        if (s != LeafStatus::Open) return;
        if (f.kind == Kind::Access && names(f.access, access, supplier)) {
            s = LeafStatus::Satisfied;
            changed = true;
        } else if (forbids_access(f) && names(f.access, access, supplier)) {
            s = LeafStatus::Violated;
            changed = true;
        }
    });
    return changed;
}

void watched_bytes(const std::vector<Formula>& list, std::span<const LeafStatus> leaves,
                   std::span<const CallArgument> supplier, ByteRange& hull) {
    each_leaf(list, leaves, [&](const Formula& f, const LeafStatus& s) {
        if (s != LeafStatus::Open || (f.kind != Kind::Access && !forbids_access(f))) return;
        hull = widened(hull, access_bytes(f.access, supplier));
    });
}

void settle_accesses(const std::vector<Formula>& list, std::span<LeafStatus> leaves) {
    each_leaf(list, leaves, [](const Formula& f, LeafStatus& s) {
        if (f.kind == Kind::Access || forbids_access(f)) s = LeafStatus::Satisfied;
    });
}

std::vector<LeafStatus> decide_pre(const std::vector<Formula>& list,
                                   const std::function<bool(const CallOp&)>& happened,
                                   const std::function<bool(const AccessOp&)>& accessed) {
    std::vector<LeafStatus> out;
    for (const Formula& f : list) decide_formula(f, out, happened, accessed);
    return out;
}

} // namespace rankfold::properties::contracts
