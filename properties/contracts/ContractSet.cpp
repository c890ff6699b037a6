#include "properties/contracts/ContractSet.hpp"

#include <algorithm>

namespace rankfold::properties::contracts {

std::size_t leaf_count(const Formula& f) {
    if (f.kind != Formula::Kind::Or && f.kind != Formula::Kind::Xor) return 1;
    std::size_t n = 0;
    for (const Formula& c : f.children) n += leaf_count(c);
    return n;
}

namespace {

bool has_release(const Formula& f) {
    if (f.kind == Formula::Kind::Release) return true;
    return std::any_of(f.children.begin(), f.children.end(), has_release);
}

bool any_needs_accesses(const std::vector<Formula>& list) {
    return std::any_of(list.begin(), list.end(),
                       [](const Formula& f) { return f.needs_accesses(); });
}

// Which kinds of access a PRE's read!/write! leaves ask about (a release in a PRE is not
// decided, so what it names is not needed).
void pre_access_kinds(const Formula& f, bool& reads, bool& writes) {
    if (f.kind == Formula::Kind::Access) (f.access.write ? writes : reads) = true;
    if (f.kind == Formula::Kind::Or || f.kind == Formula::Kind::Xor)
        for (const Formula& c : f.children) pre_access_kinds(c, reads, writes);
}

} // namespace

void ContractSet::add(const std::vector<Declaration>& declarations, const std::string& covered_by) {
    for (const Declaration& d : declarations) {
        for (const Tag& t : d.contract.tags) {
            std::vector<Tag>& tags = tags_[d.function];
            if (std::find(tags.begin(), tags.end(), t) == tags.end()) tags.push_back(t);
        }
        if (d.contract.pre.empty() && d.contract.post.empty()) continue;
        SuppliedContract c;
        c.function = d.function;
        c.contract = d.contract;
        c.contract.tags.clear(); // kept per function above
        c.text = to_string(c.contract);
        c.file = d.file;
        c.pos = d.pos;
        c.covered_by = covered_by;
        for (const Formula& f : c.contract.post) c.post_leaves += leaf_count(f);
        c.pre_accesses = any_needs_accesses(c.contract.pre);
        c.post_accesses = any_needs_accesses(c.contract.post);
        watches_accesses_ = watches_accesses_ || (c.post_accesses && covered_by.empty());
        if (covered_by.empty())
            for (const Formula& f : c.contract.pre)
                pre_access_kinds(f, records_reads_, records_writes_);
        c.release_in_pre = std::any_of(c.contract.pre.begin(), c.contract.pre.end(), has_release);
        contracts_.push_back(std::move(c));
        if (covered_by.empty()) index(static_cast<int>(contracts_.size()) - 1);
    }
    // Functions whose calls a PRE may ask about: called by name, or carrying an asked-for tag.
    for (const std::string& f : pre_functions_) record(f);
    for (const auto& [function, tags] : tags_)
        for (const Tag& t : tags)
            if (pre_tags_.contains(t.name)) record(function);
    concerned_.clear();
    for (const auto& [function, ids] : supplied_) concerned_.insert(function);
    for (const std::string& function : call_targets_) concerned_.insert(function);
    for (const auto& [function, tags] : tags_)
        if (std::any_of(tags.begin(), tags.end(),
                        [&](const Tag& t) { return tag_targets_.contains(t.name); }))
            concerned_.insert(function);
}

void ContractSet::record(const std::string& function) {
    if (recorded_.contains(function)) return;
    recorded_.emplace(function, static_cast<int>(recorded_names_.size()));
    recorded_names_.push_back(function);
}

void ContractSet::index(int id) {
    const SuppliedContract& c = contracts_[static_cast<std::size_t>(id)];
    supplied_[c.function].push_back(id);
    ++monitored_;
    for (const Formula& f : c.contract.pre) note_targets(f, true);
    for (const Formula& f : c.contract.post) note_targets(f, false);
}

void ContractSet::note_targets(const Formula& f, bool pre) {
    const auto note = [&](const CallOp& op) {
        (op.tagged ? tag_targets_ : call_targets_).insert(op.target);
        if (pre) (op.tagged ? pre_tags_ : pre_functions_).insert(op.target);
    };
    switch (f.kind) {
    case Formula::Kind::Call:
        note(f.call);
        break;
    case Formula::Kind::Release:
        note(f.call);
        if (f.no_call) note(*f.no_call);
        break;
    case Formula::Kind::Access:
        break;
    case Formula::Kind::Or:
    case Formula::Kind::Xor:
        for (const Formula& c : f.children) note_targets(c, pre);
        break;
    }
}

const std::vector<int>* ContractSet::supplied_by(std::string_view function) const {
    const auto it = supplied_.find(function);
    return it == supplied_.end() ? nullptr : &it->second;
}

std::optional<std::optional<int>> ContractSet::tag_of(std::string_view function,
                                                      std::string_view tag) const {
    const auto it = tags_.find(function);
    if (it == tags_.end()) return std::nullopt;
    for (const Tag& t : it->second)
        if (t.name == tag) return t.param;
    return std::nullopt;
}

int ContractSet::recorded_id(std::string_view function) const {
    const auto it = recorded_.find(function);
    return it == recorded_.end() ? -1 : it->second;
}

bool ContractSet::concerns(std::string_view function) const {
    return concerned_.find(function) != concerned_.end();
}

std::vector<std::string> ContractSet::unchecked_parts(bool accesses) const {
    std::vector<std::string> out;
    for (const SuppliedContract& c : contracts_) {
        if (!c.covered_by.empty()) continue;
        const std::string at =
            c.file + ":" + std::to_string(c.pos.line) + ":" + std::to_string(c.pos.column) + ": ";
        if ((c.pre_accesses || c.post_accesses) && !accesses)
            out.push_back(at + "the read!/write! parts of the contract of " + c.function +
                          " are not checked: --no-races turns the memory-access checks off");
        if (c.release_in_pre)
            out.push_back(at + "the no!...until! parts of the PRE of " + c.function +
                          " are not checked: a release speaks of what follows the call");
    }
    return out;
}

} // namespace rankfold::properties::contracts
