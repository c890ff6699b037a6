#include "simulated-mpi/src/TypeSignature.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mpi {
namespace {

std::uint64_t basic_size(BasicIndex basic) {
    return predefined_type(basic).size;
}

// Walks the runs of a signature, unit after unit, without expanding it.
class Reader {
public:
    explicit Reader(const TypeSignature& s) : unit_(s.unit()), repeat_(s.repeat()) {
        if (unit_.empty() || repeat_ == 0)
            repeat_ = 0;
        else
            left_ = unit_[0].count;
    }
    bool done() const { return repeat_ == 0; }
    BasicIndex basic() const { return unit_[i_].basic; }
    std::uint64_t left() const { return left_; } // of the current run
    void take(std::uint64_t n) {
        left_ -= n;
        if (left_ > 0) return;
        if (++i_ == unit_.size()) {
            i_ = 0;
            --repeat_;
        }
        if (repeat_ > 0) left_ = unit_[i_].count;
    }

private:
    std::span<const SignatureRun> unit_;
    std::uint64_t repeat_;
    std::size_t i_ = 0;
    std::uint64_t left_ = 0;
};

std::string run_text(const SignatureRun& r) {
    const char* name = predefined_type(r.basic).name;
    return r.count == 1 ? std::string(name) : fmt::format("{} x {}", r.count, name);
}

} // namespace

TypeSignature::TypeSignature(std::span<const SignatureRun> runs) {
    std::vector<SignatureRun> merged;
    for (const SignatureRun& r : runs) {
        if (r.count == 0) continue;
        if (!merged.empty() && merged.back().basic == r.basic)
            merged.back().count += r.count;
        else
            merged.push_back(r);
        unit_elements_ += r.count;
        unit_size_ += r.count * basic_size(r.basic);
    }
    if (merged.size() == 1)
        single_ = merged[0];
    else if (merged.size() > 1)
        runs_ = std::make_shared<const std::vector<SignatureRun>>(std::move(merged));
}

TypeSignature TypeSignature::of(BasicIndex basic, std::uint64_t count) {
    const SignatureRun run{basic, count};
    return TypeSignature(std::span(&run, 1));
}

TypeSignature TypeSignature::times(std::uint64_t n) const {
    if (n == 0 || empty()) return {};
    TypeSignature t = *this;
    if (runs_) {
        t.repeat_ *= n;
    } else {
        t.single_.count *= n;
        t.unit_elements_ *= n;
        t.unit_size_ *= n;
    }
    return t;
}

std::span<const SignatureRun> TypeSignature::unit() const {
    if (runs_) return *runs_;
    if (single_.count > 0) return {&single_, 1};
    return {};
}

std::optional<SignatureRun> TypeSignature::uniform() const {
    if (runs_ || single_.count == 0) return std::nullopt;
    return single_;
}

std::optional<SignatureRun> TypeSignature::uniform_pairs() const {
    auto pair_of = [](BasicIndex value) -> std::optional<BasicIndex> {
        for (int i = 1; i < RF_PREDEFINED_DATATYPE_COUNT; ++i) {
            const PredefinedType& t = predefined_type(static_cast<BasicIndex>(i));
            if (t.kind == PredefinedKind::Pair && t.value == value)
                return static_cast<BasicIndex>(i);
        }
        return std::nullopt;
    };
    const auto int_index = *predefined_index(MPI_INT);
    if (auto u = uniform()) {
        if (u->basic != int_index || u->count % 2 != 0) return std::nullopt;
        return SignatureRun{*pair_of(int_index), u->count / 2};
    }
    const auto runs = unit();
    if (runs.empty() || runs.size() % 2 != 0) return std::nullopt; // empty: a zero-size type
    for (std::size_t i = 0; i < runs.size(); i += 2)
        if (runs[i].count != 1 || runs[i + 1].count != 1 || runs[i + 1].basic != int_index ||
            runs[i].basic != runs[0].basic)
            return std::nullopt;
    auto pair = pair_of(runs[0].basic);
    if (!pair) return std::nullopt;
    return SignatureRun{*pair, runs.size() / 2 * repeat_};
}

bool TypeSignature::contains(BasicIndex basic) const {
    if (repeat_ == 0) return false;
    return std::ranges::any_of(unit(), [&](const SignatureRun& r) { return r.basic == basic; });
}

std::optional<std::uint64_t> TypeSignature::elements_in(std::uint64_t bytes) const {
    if (unit_size_ == 0) return bytes == 0 ? std::optional<std::uint64_t>(0) : std::nullopt;
    std::uint64_t elements = bytes / unit_size_ * unit_elements_;
    std::uint64_t rest = bytes % unit_size_;
    for (const SignatureRun& r : unit()) {
        if (rest == 0) break;
        const std::uint64_t size = basic_size(r.basic);
        const std::uint64_t whole = std::min(r.count, rest / size);
        elements += whole;
        rest -= whole * size;
        if (whole < r.count) break;
    }
    if (rest != 0) return std::nullopt;
    return elements;
}

std::optional<std::uint64_t> TypeSignature::bytes_of(std::uint64_t elements) const {
    if (unit_elements_ == 0) return elements == 0 ? std::optional<std::uint64_t>(0) : std::nullopt;
    std::uint64_t bytes = elements / unit_elements_ * unit_size_;
    std::uint64_t rest = elements % unit_elements_;
    for (const SignatureRun& r : unit()) {
        if (rest == 0) break;
        const std::uint64_t taken = std::min(r.count, rest);
        bytes += taken * basic_size(r.basic);
        rest -= taken;
    }
    return bytes;
}

std::string TypeSignature::describe() const {
    constexpr std::size_t kShownRuns = 4;
    if (empty()) return "no data";
    const auto runs = unit();
    if (runs.size() == 1)
        return fmt::format("{} x {}", runs[0].count, predefined_type(runs[0].basic).name);
    std::string text = "{";
    for (std::size_t i = 0; i < runs.size() && i < kShownRuns; ++i)
        text += (i > 0 ? ", " : "") + run_text(runs[i]);
    if (runs.size() > kShownRuns) text += fmt::format(", ... ({} runs)", runs.size());
    text += "}";
    return repeat_ == 1 ? text : fmt::format("{} x {}", repeat_, text);
}

void TypeSignature::feed(StateHasher& h) const {
    // The maximal runs of the expanded sequence: the same for every spelling of it.
    SignatureRun current;
    for (Reader r(*this); !r.done();) {
        const SignatureRun next{r.basic(), r.left()};
        r.take(next.count);
        if (current.count > 0 && current.basic == next.basic) {
            current.count += next.count;
            continue;
        }
        if (current.count > 0) {
            h.value(current.basic);
            h.value(current.count);
        }
        current = next;
    }
    if (current.count > 0) {
        h.value(current.basic);
        h.value(current.count);
    }
    h.value(elements());
}

bool operator==(const TypeSignature& a, const TypeSignature& b) {
    if (a.elements() != b.elements() || a.total_size() != b.total_size()) return false;
    return compare_signatures(a, b).order == SignatureOrder::Equal;
}

SignatureComparison compare_signatures(const TypeSignature& a, const TypeSignature& b) {
    Reader x(a), y(b);
    std::uint64_t common = 0;
    while (!x.done() && !y.done()) {
        if (x.basic() != y.basic()) return {SignatureOrder::Differ, common};
        const std::uint64_t n = std::min(x.left(), y.left());
        x.take(n);
        y.take(n);
        common += n;
    }
    if (x.done() && y.done()) return {SignatureOrder::Equal, common};
    return {x.done() ? SignatureOrder::Prefix : SignatureOrder::Extends, common};
}

bool signatures_agree(const TypeSignature& a, const TypeSignature& b) {
    static const BasicIndex packed = *predefined_index(MPI_PACKED);
    // One basic type each (every message of predefined types): one is a prefix of the other
    // exactly when the types are the same, and MPI_PACKED matches anything.
    const std::optional<SignatureRun> ua = a.uniform();
    const std::optional<SignatureRun> ub = b.uniform();
    if (ua && ub) return ua->basic == ub->basic || ua->basic == packed || ub->basic == packed;
    if (a.contains(packed) || b.contains(packed)) return true;
    return compare_signatures(a, b).order != SignatureOrder::Differ;
}

} // namespace rankfold::mpi
