#include "snapshot/StateRegistry.hpp"

#include <algorithm>

namespace rankfold::snapshot {

std::size_t StateRegistry::add(std::string name, std::unique_ptr<StateComponent> component) {
    if (!component) throw std::invalid_argument("state component '" + name + "' is null");
    if (name.empty()) throw std::invalid_argument("a state component needs a name");
    if (std::ranges::find(names_, name) != names_.end())
        throw std::invalid_argument("state component '" + name + "' registered twice");
    names_.push_back(std::move(name));
    components_.push_back(std::move(component));
    return components_.size() - 1;
}

std::size_t StateRegistry::index_of(std::string_view name) const {
    const auto it = std::ranges::find(names_, name);
    if (it == names_.end())
        throw std::out_of_range("no state component named '" + std::string(name) + "'");
    return static_cast<std::size_t>(it - names_.begin());
}

StateSnapshot StateRegistry::capture() {
    return capture_deferred(false);
}

StateSnapshot StateRegistry::capture_deferred() {
    return capture_deferred(true);
}

StateSnapshot StateRegistry::capture_deferred(bool defer) {
    StateSnapshot s;
    s.owner_ = this;
    s.parts_.reserve(components_.size());
    FingerprintBuilder whole;
    whole.value(static_cast<std::uint64_t>(components_.size()));
    for (const auto& component : components_) {
        StateSnapshot::Saved& saved = s.parts_.emplace_back();
        FingerprintBuilder part;
        if (defer && component->fingerprint_live(part)) {
            s.deferred_ = true;
        } else {
            saved.part = component->capture();
            component->fingerprint(*saved.part, part);
        }
        saved.fingerprint = part.digest();
        whole.fingerprint(saved.fingerprint);
    }
    s.fingerprint_ = whole.digest();
    return s;
}

StateSnapshot StateRegistry::capture_unfingerprinted() {
    StateSnapshot s;
    s.owner_ = this;
    s.fingerprinted_ = false;
    s.parts_.reserve(components_.size());
    for (const auto& component : components_)
        s.parts_.emplace_back().part = component->capture_unfingerprinted();
    return s;
}

void StateSnapshot::no_fingerprint() {
    throw std::logic_error("state snapshot taken without a fingerprint (capture_unfingerprinted)");
}

void StateRegistry::complete(StateSnapshot& snapshot) {
    if (snapshot.owner_ != this)
        throw std::invalid_argument("state snapshot taken by another registry (or empty)");
    for (std::size_t i = 0; i < components_.size(); ++i)
        if (!snapshot.parts_[i].part) snapshot.parts_[i].part = components_[i]->capture();
    snapshot.deferred_ = false;
}

void StateRegistry::check(const StateSnapshot& s) const {
    if (s.owner_ != this)
        throw std::invalid_argument("state snapshot taken by another registry (or empty)");
    if (s.parts_.size() != components_.size())
        throw std::invalid_argument("state snapshot taken before a component was registered");
    if (s.deferred_)
        throw std::invalid_argument("state snapshot with deferred parts: complete() it first");
}

void StateRegistry::check_comparable(const StateSnapshot& s) const {
    check(s);
    if (!s.fingerprinted_)
        throw std::invalid_argument("state snapshot taken without a fingerprint: it can only be "
                                    "restored");
}

void StateRegistry::restore(const StateSnapshot& snapshot) {
    check(snapshot);
    for (std::size_t i = 0; i < components_.size(); ++i)
        components_[i]->restore(*snapshot.parts_[i].part);
}

std::optional<std::size_t> StateRegistry::first_difference(const StateSnapshot& a,
                                                           const StateSnapshot& b) const {
    check_comparable(a);
    check_comparable(b);
    for (std::size_t i = 0; i < components_.size(); ++i) {
        // Different fingerprints prove a difference; equal ones are confirmed by the values.
        if (a.parts_[i].fingerprint != b.parts_[i].fingerprint ||
            !components_[i]->equal(*a.parts_[i].part, *b.parts_[i].part))
            return i;
    }
    return std::nullopt;
}

bool StateRegistry::equal(const StateSnapshot& a, const StateSnapshot& b) const {
    return !first_difference(a, b).has_value();
}

} // namespace rankfold::snapshot
