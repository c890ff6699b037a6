#include "mc/cli/LivenessProperty.hpp"

#include "properties/ltl/LtlParser.hpp"
#include "properties/ltl/LtlToBuchi.hpp"
#include "properties/ltl/NeverClaimParser.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <memory>

namespace rankfold::mc {

namespace ltl = properties::ltl;

namespace {

std::optional<std::string> read_file(const std::string& path, std::string& error) {
    std::unique_ptr<FILE, int (*)(FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file) {
        error = fmt::format("--never {}: cannot open the file", path);
        return std::nullopt;
    }
    std::string text;
    char buffer[1 << 14];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, file.get())) text.append(buffer, n);
    if (std::ferror(file.get())) {
        error = fmt::format("--never {}: cannot read the file", path);
        return std::nullopt;
    }
    return text;
}

} // namespace

std::optional<LivenessProperty> build_liveness_property(const RunOptions& o, std::string& error) {
    LivenessProperty p;
    if (!o.ltl.empty()) {
        // The automaton accepts the runs that violate the formula: those of its negation.
        std::string why;
        auto f = ltl::parse_ltl(o.ltl, why);
        if (!f) {
            error = fmt::format("--ltl '{}': {}", o.ltl, why);
            return std::nullopt;
        }
        auto a = ltl::ltl_to_buchi(ltl::LtlFormula::unary(ltl::LtlOp::Not, std::move(*f)), why);
        if (!a) {
            error = fmt::format("--ltl '{}': {}", o.ltl, why);
            return std::nullopt;
        }
        p.text = o.ltl;
        p.automaton = std::move(*a);
    } else {
        const auto text = read_file(o.never_path, error);
        if (!text) return std::nullopt;
        std::string why;
        auto a = ltl::parse_never_claim(*text, why);
        if (!a) {
            error = fmt::format("--never {}:{}", o.never_path, why);
            return std::nullopt;
        }
        p.text = "the never claim in " + o.never_path;
        p.automaton = std::move(*a);
    }
    for (const std::string& given : o.propositions) {
        std::string why;
        auto spec = ltl::parse_proposition_spec(given, why);
        if (!spec) {
            error = fmt::format("--prop '{}': {}", given, why);
            return std::nullopt;
        }
        if (spec->rank >= o.ranks) {
            error = fmt::format("--prop '{}': rank {} does not exist (-np {})", given, spec->rank,
                                o.ranks);
            return std::nullopt;
        }
        for (const ltl::PropositionSpec& earlier : p.given)
            if (earlier.name == spec->name) {
                error = fmt::format("--prop '{}': the proposition {} is defined twice", given,
                                    spec->name);
                return std::nullopt;
            }
        p.given.push_back(std::move(*spec));
    }
    p.fairness = o.fairness == "weak"     ? Fairness::Weak
                 : o.fairness == "strong" ? Fairness::Strong
                                          : Fairness::None;
    if (p.fairness != Fairness::None && o.ranks > kMaxFairRanks) {
        error = fmt::format("--fairness {}: at most {} ranks", o.fairness, kMaxFairRanks);
        return std::nullopt;
    }
    return p;
}

} // namespace rankfold::mc
