#include "properties/ltl/LtlFormula.hpp"

#include <functional>
#include <utility>

namespace rankfold::properties::ltl {

namespace {

std::size_t mix(std::size_t seed, std::size_t v) {
    return seed ^ (v + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

bool is_binary(LtlOp op) {
    return op == LtlOp::And || op == LtlOp::Or || op == LtlOp::Implies || op == LtlOp::Equiv ||
           op == LtlOp::Until || op == LtlOp::Release;
}

const char* symbol(LtlOp op) {
    switch (op) {
    case LtlOp::Not:
        return "!";
    case LtlOp::And:
        return "&&";
    case LtlOp::Or:
        return "||";
    case LtlOp::Implies:
        return "->";
    case LtlOp::Equiv:
        return "<->";
    case LtlOp::Next:
        return "X";
    case LtlOp::Globally:
        return "[]";
    case LtlOp::Finally:
        return "<>";
    case LtlOp::Until:
        return "U";
    case LtlOp::Release:
        return "V";
    default:
        return "?";
    }
}

} // namespace

LtlFormula LtlFormula::truth() {
    static const LtlFormula t(std::make_shared<const Node>(Node{LtlOp::True, {}, {}, {}, 1, 1}));
    return t;
}

LtlFormula LtlFormula::falsity() {
    static const LtlFormula f(std::make_shared<const Node>(Node{LtlOp::False, {}, {}, {}, 2, 1}));
    return f;
}

LtlFormula LtlFormula::prop(std::string name) {
    const std::size_t h = mix(3, std::hash<std::string>{}(name));
    return LtlFormula(
        std::make_shared<const Node>(Node{LtlOp::Prop, std::move(name), {}, {}, h, 1}));
}

LtlFormula LtlFormula::unary(LtlOp op, LtlFormula arg) {
    const std::size_t h = mix(static_cast<std::size_t>(op) * 131, arg.hash());
    const std::size_t size = arg.size() + 1;
    return LtlFormula(std::make_shared<const Node>(
        Node{op, {}, std::make_unique<LtlFormula>(std::move(arg)), {}, h, size}));
}

LtlFormula LtlFormula::binary(LtlOp op, LtlFormula lhs, LtlFormula rhs) {
    const std::size_t h = mix(mix(static_cast<std::size_t>(op) * 131, lhs.hash()), rhs.hash());
    const std::size_t size = lhs.size() + rhs.size() + 1;
    return LtlFormula(
        std::make_shared<const Node>(Node{op,
                                          {},
                                          std::make_unique<LtlFormula>(std::move(lhs)),
                                          std::make_unique<LtlFormula>(std::move(rhs)),
                                          h,
                                          size}));
}

bool LtlFormula::is_literal() const {
    const LtlOp o = op();
    return o == LtlOp::True || o == LtlOp::False || o == LtlOp::Prop ||
           (o == LtlOp::Not && left().op() == LtlOp::Prop);
}

std::string LtlFormula::to_string() const {
    switch (op()) {
    case LtlOp::True:
        return "true";
    case LtlOp::False:
        return "false";
    case LtlOp::Prop:
        return name();
    default:
        break;
    }
    if (is_binary(op()))
        return "(" + left().to_string() + " " + symbol(op()) + " " + right().to_string() + ")";
    return std::string(symbol(op())) + (op() == LtlOp::Next ? " " : "") + left().to_string();
}

bool operator==(const LtlFormula& a, const LtlFormula& b) {
    return (a <=> b) == std::strong_ordering::equal;
}

std::strong_ordering operator<=>(const LtlFormula& a, const LtlFormula& b) {
    if (a.node_ == b.node_) return std::strong_ordering::equal;
    // The hash first: most comparisons end there without walking the trees.
    // std::is_neq rather than `c != 0`, which clang-tidy 14 reads as a null pointer constant.
    if (auto c = a.hash() <=> b.hash(); std::is_neq(c)) return c;
    if (auto c = a.op() <=> b.op(); std::is_neq(c)) return c;
    if (a.op() == LtlOp::Prop) return a.name() <=> b.name();
    if (a.op() == LtlOp::True || a.op() == LtlOp::False) return std::strong_ordering::equal;
    if (auto c = a.left() <=> b.left(); std::is_neq(c)) return c;
    if (is_binary(a.op())) return a.right() <=> b.right();
    return std::strong_ordering::equal;
}

namespace {

using F = LtlFormula;
bool is_true(const F& f) {
    return f.op() == LtlOp::True;
}
bool is_false(const F& f) {
    return f.op() == LtlOp::False;
}

// Smart constructors for NNF: fold constants, drop duplicates. Each rule is an equivalence.
F mk_and(F a, F b) {
    if (is_false(a) || is_false(b)) return F::falsity();
    if (is_true(a)) return b;
    if (is_true(b) || a == b) return a;
    return F::binary(LtlOp::And, std::move(a), std::move(b));
}
F mk_or(F a, F b) {
    if (is_true(a) || is_true(b)) return F::truth();
    if (is_false(a)) return b;
    if (is_false(b) || a == b) return a;
    return F::binary(LtlOp::Or, std::move(a), std::move(b));
}
F mk_next(F a) {
    if (is_true(a) || is_false(a)) return a; // X true = true, X false = false on infinite words
    return F::unary(LtlOp::Next, std::move(a));
}
// <> f and [] f in negation normal form.
bool is_eventually(const F& f) {
    return f.op() == LtlOp::Until && is_true(f.left());
}
bool is_always(const F& f) {
    return f.op() == LtlOp::Release && is_false(f.left());
}
// <> and [] are idempotent, and <>[]<> f == []<> f, []<>[] f == <>[] f. Without these a nest
// of them (fuzzing found <>[]<><>[]<> p) grows the tableau exponentially for nothing.
bool eventually_absorbs(const F& b) {
    return is_eventually(b) || (is_always(b) && is_eventually(b.right()));
}
bool always_absorbs(const F& b) {
    return is_always(b) || (is_eventually(b) && is_always(b.right()));
}
F mk_until(F a, F b) {
    if (is_true(b) || is_false(b) || is_false(a) || a == b) return b;
    if (is_true(a) && eventually_absorbs(b)) return b;
    return F::binary(LtlOp::Until, std::move(a), std::move(b));
}
F mk_release(F a, F b) {
    if (is_true(b) || is_false(b) || is_true(a) || a == b) return b;
    if (is_false(a) && always_absorbs(b)) return b;
    return F::binary(LtlOp::Release, std::move(a), std::move(b));
}

F nnf(const F& f, bool neg) {
    switch (f.op()) {
    case LtlOp::True:
        return neg ? F::falsity() : F::truth();
    case LtlOp::False:
        return neg ? F::truth() : F::falsity();
    case LtlOp::Prop:
        return neg ? F::unary(LtlOp::Not, f) : f;
    case LtlOp::Not:
        return nnf(f.left(), !neg);
    case LtlOp::And:
        return neg ? mk_or(nnf(f.left(), true), nnf(f.right(), true))
                   : mk_and(nnf(f.left(), false), nnf(f.right(), false));
    case LtlOp::Or:
        return neg ? mk_and(nnf(f.left(), true), nnf(f.right(), true))
                   : mk_or(nnf(f.left(), false), nnf(f.right(), false));
    case LtlOp::Implies: // a -> b == !a || b
        return neg ? mk_and(nnf(f.left(), false), nnf(f.right(), true))
                   : mk_or(nnf(f.left(), true), nnf(f.right(), false));
    case LtlOp::Equiv: { // a <-> b == (a && b) || (!a && !b); negated: (a && !b) || (!a && b)
        const F a = nnf(f.left(), false), na = nnf(f.left(), true);
        const F b = nnf(f.right(), false), nb = nnf(f.right(), true);
        return neg ? mk_or(mk_and(a, nb), mk_and(na, b)) : mk_or(mk_and(a, b), mk_and(na, nb));
    }
    case LtlOp::Next:
        return mk_next(nnf(f.left(), neg)); // !X a == X !a
    case LtlOp::Globally:                   // [] a == false R a;  ![] a == true U !a
        return neg ? mk_until(F::truth(), nnf(f.left(), true))
                   : mk_release(F::falsity(), nnf(f.left(), false));
    case LtlOp::Finally:
        return neg ? mk_release(F::falsity(), nnf(f.left(), true))
                   : mk_until(F::truth(), nnf(f.left(), false));
    case LtlOp::Until: // !(a U b) == !a R !b
        return neg ? mk_release(nnf(f.left(), true), nnf(f.right(), true))
                   : mk_until(nnf(f.left(), false), nnf(f.right(), false));
    case LtlOp::Release:
        return neg ? mk_until(nnf(f.left(), true), nnf(f.right(), true))
                   : mk_release(nnf(f.left(), false), nnf(f.right(), false));
    }
    return f;
}

} // namespace

LtlFormula to_nnf(const LtlFormula& f) {
    return nnf(f, false);
}
LtlFormula negated_nnf(const LtlFormula& f) {
    return nnf(f, true);
}

} // namespace rankfold::properties::ltl
