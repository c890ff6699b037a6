#include "mc/system/PropositionObserver.hpp"

#include <fmt/format.h>

namespace rankfold::mc {

PropositionObserver::PropositionObserver(std::vector<std::string> names, std::vector<Given> given)
    : names_(std::move(names)), bindings_(names_.size()) {
    for (Given& g : given)
        for (std::size_t i = 0; i < names_.size(); ++i)
            if (names_[i] == g.spec.name) {
                bindings_[i].where = g.where;
                bindings_[i].op = g.spec.op;
                bindings_[i].value = g.spec.value;
                bindings_[i].description = fmt::format("{} = {}", g.spec.name, to_string(g.spec));
            }
}

void PropositionObserver::rebind() {
    const PropositionDeclarations& d = PropositionDeclarations::instance();
    generation_ = d.generation();
    for (const DeclaredProposition& p : d.all())
        for (std::size_t i = 0; i < names_.size(); ++i) {
            Binding& b = bindings_[i];
            if (names_[i] != p.name || b.where) continue;
            b.where = ScalarLocation{p.address, p.size, ScalarKind::Unsigned};
            b.description = fmt::format("{} = the variable rank {} declared with rankfold_prop",
                                        p.name, p.rank);
        }
}

std::uint64_t PropositionObserver::evaluate() {
    if (PropositionDeclarations::instance().generation() != generation_) rebind();
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < bindings_.size(); ++i) {
        const Binding& b = bindings_[i];
        if (b.where && properties::ltl::holds(b.op, read_scalar(*b.where), b.value))
            v |= std::uint64_t{1} << i;
    }
    return v;
}

void PropositionObserver::observe() {
    const std::uint64_t v = evaluate();
    if (v == last_) return;
    last_ = v;
    pending_.push_back(v);
}

void PropositionObserver::take_letters(std::vector<std::uint64_t>& out) {
    out.swap(pending_);
    pending_.clear();
    if (out.empty()) out.push_back(last_);
}

void PropositionObserver::reset(std::uint64_t current) {
    pending_.clear();
    last_ = current;
}

std::vector<std::string> PropositionObserver::unbound() const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < names_.size(); ++i)
        if (!bindings_[i].where) out.push_back(names_[i]);
    return out;
}

std::vector<std::string> PropositionObserver::describe() const {
    std::vector<std::string> out;
    for (const Binding& b : bindings_) out.push_back(b.description);
    return out;
}

} // namespace rankfold::mc
