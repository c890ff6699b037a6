// Evaluates the property's propositions on the program's memory after every step of every rank
// (MpiSystem's after-step hook) and hands the search the letters it saw (LetterSource.hpp).
//
// Each proposition is bound either from the command line (--prop NAME=VAR@RANK [OP INTEGER],
// the variable located in that rank's copy of the program) or by the program itself
// (rankfold_prop, PropositionDeclarations.hpp), looked up again whenever a rank declares one.
#pragma once

#include "mc/runtime/PropositionDeclarations.hpp"
#include "mc/runtime/ScalarLocation.hpp"
#include "mc/search/LetterSource.hpp"
#include "properties/ltl/PropositionSpec.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::mc {

class PropositionObserver final : public LetterSource {
public:
    // `names`: the automaton's propositions (bit i = names[i]). `given`: the --prop bindings
    // already located (a name not among them must be declared by the program).
    struct Given {
        properties::ltl::PropositionSpec spec;
        ScalarLocation where;
    };
    PropositionObserver(std::vector<std::string> names, std::vector<Given> given);

    // After a rank ran: records the valuation if it changed.
    void observe();
    void take_letters(std::vector<std::uint64_t>& out) override;
    void reset(std::uint64_t current) override;

    // Names neither given nor declared (after the program's start).
    std::vector<std::string> unbound() const;
    // "cs1 = in_cs@1 (declared by the program)", one per proposition, for the report.
    std::vector<std::string> describe() const;
    std::uint64_t evaluate();

private:
    struct Binding {
        std::optional<ScalarLocation> where;
        properties::ltl::Comparison op = properties::ltl::Comparison::NonZero;
        std::int64_t value = 0;
        std::string description;
    };
    void rebind();

    std::vector<std::string> names_;
    std::vector<Binding> bindings_;
    std::uint64_t generation_ = ~std::uint64_t{0};
    std::uint64_t last_ = 0;
    std::vector<std::uint64_t> pending_; // changes since the last take_letters
};

} // namespace rankfold::mc
