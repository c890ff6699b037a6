// LTL formulas as immutable values: a shared tree with structural equality and a total order,
// so formulas can be set elements (the tableau in LtlToBuchi keeps sets of them).
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace rankfold::properties::ltl {

enum class LtlOp : std::uint8_t {
    True,
    False,
    Prop,
    Not,
    And,
    Or,
    Implies,
    Equiv,
    Next,
    Globally,
    Finally,
    Until,
    Release,
};

class LtlFormula {
public:
    static LtlFormula truth();
    static LtlFormula falsity();
    static LtlFormula prop(std::string name);
    static LtlFormula unary(LtlOp op, LtlFormula arg);
    static LtlFormula binary(LtlOp op, LtlFormula lhs, LtlFormula rhs);

    LtlOp op() const { return node_->op; }
    const std::string& name() const { return node_->name; }   // Prop only
    const LtlFormula& left() const { return *node_->left; }   // every operator
    const LtlFormula& right() const { return *node_->right; } // binary operators
    std::size_t hash() const { return node_->hash; }
    std::size_t size() const { return node_->size; } // number of nodes

    bool is_literal() const; // true, false, p or !p
    // Spin's syntax, every binary operator parenthesised: parses back to an equal formula.
    std::string to_string() const;

    friend bool operator==(const LtlFormula& a, const LtlFormula& b);
    friend std::strong_ordering operator<=>(const LtlFormula& a, const LtlFormula& b);

private:
    struct Node {
        LtlOp op;
        std::string name;
        std::unique_ptr<LtlFormula> left, right;
        std::size_t hash = 0;
        std::size_t size = 1;
    };
    explicit LtlFormula(std::shared_ptr<const Node> node) : node_(std::move(node)) {}
    std::shared_ptr<const Node> node_;
};

// Negation normal form: negations only on propositions; no ->, <->, [] or <> left (they become
// ||, &&, R and U). Constants are folded and trivially redundant operands dropped on the way
// (f && f, X true, f U false, ...): every rewrite is an LTL equivalence.
LtlFormula to_nnf(const LtlFormula& f);

// The negation of f, in negation normal form.
LtlFormula negated_nnf(const LtlFormula& f);

} // namespace rankfold::properties::ltl
