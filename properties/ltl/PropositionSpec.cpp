#include "properties/ltl/PropositionSpec.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

namespace rankfold::properties::ltl {

namespace {

bool ident_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool ident_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

struct OpText {
    std::string_view text;
    Comparison op;
};
// Two-character operators first, so that `<=` is not read as `<`.
constexpr std::array<OpText, 6> kOps{{{"==", Comparison::Eq},
                                      {"!=", Comparison::Ne},
                                      {"<=", Comparison::Le},
                                      {">=", Comparison::Ge},
                                      {"<", Comparison::Lt},
                                      {">", Comparison::Gt}}};

class SpecReader {
public:
    SpecReader(std::string_view text, std::string& error) : text_(text), error_(error) {}

    std::optional<PropositionSpec> read() {
        PropositionSpec spec;
        skip_spaces();
        const std::size_t name_start = pos_;
        while (pos_ < text_.size() && text_[pos_] != '=' && !is_space(text_[pos_])) ++pos_;
        spec.name = std::string(text_.substr(name_start, pos_ - name_start));
        if (spec.name.empty()) return fail(name_start, "expected a proposition name before '='");
        if (!valid_proposition_name(spec.name))
            return fail(name_start, "'" + spec.name +
                                        "' is not a proposition name (a letter or '_', then "
                                        "letters, digits and '_'; not an LTL keyword)");
        skip_spaces();
        if (!eat('=')) return fail(pos_, "expected '=' after the proposition name");
        skip_spaces();
        spec.variable_column = static_cast<int>(pos_) + 1;
        // The variable runs to '@'; spaces inside (`s . f`, `a[ 3 ]`) are dropped.
        while (pos_ < text_.size() && text_[pos_] != '@') {
            if (!is_space(text_[pos_])) spec.variable += text_[pos_];
            ++pos_;
        }
        if (spec.variable.empty()) return fail(pos_, "expected a variable after '='");
        if (!ident_start(spec.variable[0]))
            return fail(spec.variable_column - 1, "expected a variable name");
        if (!eat('@')) return fail(pos_, "expected '@RANK' after the variable");
        skip_spaces();
        const std::size_t rank_start = pos_;
        std::int64_t rank = 0;
        if (!integer(rank, false) || rank > 1 << 20)
            return fail(rank_start, "expected a rank number after '@'");
        spec.rank = static_cast<int>(rank);
        skip_spaces();
        if (pos_ == text_.size()) return spec;
        bool found = false;
        for (const OpText& o : kOps)
            if (text_.substr(pos_, o.text.size()) == o.text) {
                spec.op = o.op;
                pos_ += o.text.size();
                found = true;
                break;
            }
        if (!found) return fail(pos_, "expected one of == != < <= > >= or the end");
        skip_spaces();
        const std::size_t value_start = pos_;
        if (!integer(spec.value, true)) return fail(value_start, "expected an integer");
        skip_spaces();
        if (pos_ != text_.size()) return fail(pos_, "expected the end after the integer");
        return spec;
    }

private:
    static bool is_space(char c) { return c == ' ' || c == '\t'; }
    void skip_spaces() {
        while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
    }
    bool eat(char c) {
        if (pos_ < text_.size() && text_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }
    bool integer(std::int64_t& out, bool sign) {
        std::size_t p = pos_;
        if (sign && p < text_.size() && (text_[p] == '-' || text_[p] == '+')) ++p;
        if (p == text_.size() || !std::isdigit(static_cast<unsigned char>(text_[p]))) return false;
        const char* first = text_.data() + pos_ + (pos_ < text_.size() && text_[pos_] == '+');
        const auto [end, ec] = std::from_chars(first, text_.data() + text_.size(), out);
        if (ec != std::errc()) return false;
        pos_ = static_cast<std::size_t>(end - text_.data());
        return true;
    }
    std::nullopt_t fail(std::size_t at, const std::string& what) {
        error_ = "column " + std::to_string(at + 1) + ": " + what;
        return std::nullopt;
    }

    std::string_view text_;
    std::string& error_;
    std::size_t pos_ = 0;
};

} // namespace

bool valid_proposition_name(std::string_view name) {
    if (name.empty() || !ident_start(name[0])) return false;
    for (char c : name)
        if (!ident_char(c)) return false;
    // The LTL parser's words (LtlParser.cpp).
    constexpr std::array<std::string_view, 11> kReserved{
        "U", "V", "R", "X", "G", "F", "true", "false", "always", "eventually", "until"};
    return std::ranges::none_of(kReserved, [&](std::string_view w) { return name == w; });
}

std::optional<PropositionSpec> parse_proposition_spec(std::string_view text, std::string& error) {
    return SpecReader(text, error).read();
}

bool holds(Comparison op, long double observed, std::int64_t value) {
    const auto v = static_cast<long double>(value);
    switch (op) {
    case Comparison::NonZero:
        return observed != 0;
    case Comparison::Eq:
        return observed == v;
    case Comparison::Ne:
        return observed != v;
    case Comparison::Lt:
        return observed < v;
    case Comparison::Le:
        return observed <= v;
    case Comparison::Gt:
        return observed > v;
    case Comparison::Ge:
        return observed >= v;
    }
    return false;
}

std::string to_string(const PropositionSpec& spec) {
    std::string s = spec.variable + "@" + std::to_string(spec.rank);
    for (const OpText& o : kOps)
        if (o.op == spec.op) s += " " + std::string(o.text) + " " + std::to_string(spec.value);
    return s;
}

} // namespace rankfold::properties::ltl
