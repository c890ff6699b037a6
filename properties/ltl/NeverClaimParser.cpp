#include "properties/ltl/NeverClaimParser.hpp"

#include "properties/ltl/GuardCubes.hpp"
#include "properties/ltl/LtlFormula.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <vector>

namespace rankfold::properties::ltl {

namespace {

struct Token {
    std::string text;  // empty at the end of the input
    bool word = false; // identifier, keyword or number
    int line = 1, column = 1;
};

enum class After { Goto, Self, Next };

struct Option {
    std::vector<Cube> guard; // a disjunction
    bool to_end = false;     // Spin's atomic { g -> assert(!g) }: the claim is matched
    After after = After::Goto;
    Token target; // for Goto
};

struct Statement {
    std::vector<std::string> labels;
    std::vector<Option> options; // if/do; skip and goto are one option with a true guard
    bool falls_through = false;  // skip: to the next statement
};

constexpr int kMaxDepth = 500;

class Parser {
public:
    Parser(std::string_view text, std::string& error) : text_(text), error_(error) { advance(); }

    std::optional<BuchiAutomaton> parse() {
        if (!claim()) return std::nullopt;
        return build();
    }

private:
    bool claim() {
        if (!expect("never", "expected 'never'")) return false;
        if (tok_.word) advance(); // an optional claim name
        if (!expect("{", "expected '{' after 'never'")) return false;
        while (!failed_ && tok_.text != "}") {
            if (tok_.text.empty()) return fail(tok_, "expected '}' to end the claim");
            statement();
        }
        if (failed_) return false;
        advance();
        if (!tok_.text.empty())
            return fail(tok_, "expected the end of the input after '}', saw " + describe(tok_));
        return true;
    }

    void statement() {
        Statement s;
        // Labels: a word followed by ':' (not '::').
        while (tok_.word && peek_is_colon()) {
            s.labels.push_back(tok_.text);
            advance(), advance();
        }
        const Token start = tok_;
        if (tok_.text == "if" || tok_.text == "do") {
            const std::string close = tok_.text == "if" ? "fi" : "od";
            advance();
            while (!failed_ && tok_.text == "::") {
                advance();
                option(s, close);
            }
            if (!failed_ && !expect(close, "expected '::' or '" + close + "'")) return;
        } else if (tok_.text == "skip") {
            advance();
            s.falls_through = true;
        } else if (tok_.text == "false" || tok_.text == "0") {
            advance();
        } else if (tok_.text == "goto") {
            advance();
            s.options.push_back(Option{{Cube{}}, false, After::Goto, tok_});
            if (!tok_.word) return (void)fail(tok_, "expected a label after 'goto'");
            advance();
        } else {
            return (void)fail(tok_, "expected a statement (if, do, skip, false or goto)" +
                                        std::string(s.labels.empty() ? "" : " after the label") +
                                        ", saw " + describe(tok_));
        }
        if (tok_.text == ";") advance();
        statements_.push_back(std::move(s));
    }

    void option(Statement& s, const std::string& close) {
        Option o;
        const bool atomic = tok_.text == "atomic";
        if (atomic) {
            advance();
            if (!expect("{", "expected '{' after 'atomic'")) return;
        }
        auto g = guard(0);
        if (!g) return;
        std::string why;
        const Token after_guard = tok_;
        auto cubes = guard_cubes(*g, automaton_, why);
        if (!cubes) return (void)fail(after_guard, why);
        o.guard = std::move(*cubes);
        if (!atomic && (tok_.text == "::" || tok_.text == close)) {
            // A bare guard (spin prints `:: false`): then on past the if, or round the do.
            o.after = close == "fi" ? After::Next : After::Self;
            s.options.push_back(std::move(o));
            return;
        }
        if (!expect("->", "expected '->' after the guard")) return;
        if (atomic) {
            // assert(...) after the guard: the claim is matched; what it asserts is not needed.
            if (!expect("assert", "expected 'assert' in the atomic block") ||
                !expect("(", "expected '(' after 'assert'") || !guard(0) ||
                !expect(")", "expected ')' to close 'assert('"))
                return;
            if (tok_.text == ";") advance();
            if (!expect("}", "expected '}' to close 'atomic {'")) return;
            o.to_end = true;
        } else {
            if (!expect("goto", "expected 'goto' after '->'")) return;
            if (!tok_.word) return (void)fail(tok_, "expected a label after 'goto'");
            o.target = tok_;
            advance();
        }
        if (tok_.text == ";") advance();
        s.options.push_back(std::move(o));
    }

    // guard := conj { '||' conj };  conj := unary { '&&' unary }
    std::optional<LtlFormula> guard(int depth) {
        if (depth > kMaxDepth) return fail(tok_, "guard nested too deeply"), std::nullopt;
        auto lhs = conj(depth);
        while (lhs && tok_.text == "||") {
            advance();
            auto rhs = conj(depth);
            if (!rhs) return std::nullopt;
            lhs = LtlFormula::binary(LtlOp::Or, std::move(*lhs), std::move(*rhs));
        }
        return lhs;
    }
    std::optional<LtlFormula> conj(int depth) {
        auto lhs = unary(depth);
        while (lhs && tok_.text == "&&") {
            advance();
            auto rhs = unary(depth);
            if (!rhs) return std::nullopt;
            lhs = LtlFormula::binary(LtlOp::And, std::move(*lhs), std::move(*rhs));
        }
        return lhs;
    }
    std::optional<LtlFormula> unary(int depth) {
        if (depth > kMaxDepth) return fail(tok_, "guard nested too deeply"), std::nullopt;
        const Token t = tok_;
        if (t.text == "!") {
            advance();
            auto arg = unary(depth + 1);
            if (!arg) return std::nullopt;
            return LtlFormula::unary(LtlOp::Not, std::move(*arg));
        }
        if (t.text == "(") {
            advance();
            auto inner = guard(depth + 1);
            if (inner && !expect(")", "expected ')' in the guard")) return std::nullopt;
            return inner;
        }
        if (!t.word)
            return fail(t, "expected a guard (a name, 0, 1, '!' or '('), saw " + describe(t)),
                   std::nullopt;
        advance();
        if (std::isdigit(static_cast<unsigned char>(t.text[0])))
            return t.text == "0" ? LtlFormula::falsity() : LtlFormula::truth();
        if (t.text == "true") return LtlFormula::truth();
        if (t.text == "false") return LtlFormula::falsity();
        return LtlFormula::prop(t.text);
    }

    std::optional<BuchiAutomaton> build() {
        std::map<std::string, std::size_t> label_state;
        for (std::size_t i = 0; i < statements_.size(); ++i) {
            bool accepting = false;
            for (const auto& l : statements_[i].labels) {
                label_state.emplace(l, i);
                accepting = accepting || l.starts_with("accept");
            }
            automaton_.add_state(accepting);
        }
        const std::size_t end = automaton_.add_state(true); // the claim is matched
        automaton_.edges[end].push_back({Cube{}, end});
        automaton_.initial.push_back(0);
        for (std::size_t i = 0; i < statements_.size(); ++i) {
            const Statement& s = statements_[i];
            if (s.falls_through) automaton_.edges[i].push_back({Cube{}, i + 1});
            for (const Option& o : s.options) {
                std::size_t to = end;
                if (o.after != After::Goto) {
                    to = o.after == After::Self ? i : i + 1;
                } else if (!o.to_end) {
                    const auto it = label_state.find(o.target.text);
                    if (it == label_state.end())
                        return fail(o.target, "unknown label '" + o.target.text + "'"),
                               std::nullopt;
                    to = it->second;
                }
                for (const Cube& c : o.guard) automaton_.edges[i].push_back({c, to});
            }
        }
        error_.clear();
        return std::move(automaton_);
    }

    bool expect(const std::string& text, const std::string& what) {
        if (tok_.text != text) return fail(tok_, what + ", saw " + describe(tok_));
        advance();
        return true;
    }

    static std::string describe(const Token& t) {
        return t.text.empty() ? std::string("the end of the input") : "'" + t.text + "'";
    }

    bool fail(const Token& at, const std::string& what) {
        if (!failed_)
            error_ = std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + what;
        failed_ = true;
        return false;
    }

    bool peek_is_colon() const {
        std::size_t p = pos_;
        while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t')) ++p;
        return p < text_.size() && text_[p] == ':' &&
               (p + 1 >= text_.size() || text_[p + 1] != ':');
    }

    void advance();

    std::string_view text_;
    std::string& error_;
    std::size_t pos_ = 0, line_start_ = 0;
    int line_ = 1;
    bool failed_ = false;
    Token tok_;
    std::vector<Statement> statements_;
    BuchiAutomaton automaton_;
};

void Parser::advance() {
    for (;;) { // white space and /* comments */
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
            if (text_[pos_] == '\n') ++line_, line_start_ = pos_ + 1;
            ++pos_;
        }
        if (text_.substr(pos_).starts_with("/*")) {
            const Token open{"/*", false, line_, static_cast<int>(pos_ - line_start_) + 1};
            const std::size_t close = text_.find("*/", pos_ + 2);
            for (std::size_t p = pos_; p < std::min(close, text_.size()); ++p)
                if (text_[p] == '\n') ++line_, line_start_ = p + 1;
            if (close == std::string_view::npos) {
                pos_ = text_.size();
                fail(open, "unterminated comment");
                break;
            }
            pos_ = close + 2;
            continue;
        }
        break;
    }
    tok_ = Token{{}, false, line_, static_cast<int>(pos_ - line_start_) + 1};
    if (pos_ >= text_.size() || failed_) return; // after an error, only the end
    const std::string_view rest = text_.substr(pos_);
    std::size_t n = 0;
    while (n < rest.size() && (std::isalnum(static_cast<unsigned char>(rest[n])) || rest[n] == '_'))
        ++n;
    tok_.word = n > 0;
    if (n == 0) {
        static constexpr std::string_view symbols[] = {"::", "->", "&&", "||"};
        n = 1;
        for (const auto s : symbols)
            if (rest.starts_with(s)) n = 2;
        const auto c = static_cast<unsigned char>(rest[0]);
        if (c < 0x20 || c >= 0x7f) { // shown as hex: messages stay valid UTF-8
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02x", c);
            tok_.text = hex;
            ++pos_;
            return;
        }
    }
    tok_.text = std::string(rest.substr(0, n));
    pos_ += n;
}

} // namespace

std::optional<BuchiAutomaton> parse_never_claim(std::string_view text, std::string& error) {
    return Parser(text, error).parse();
}

} // namespace rankfold::properties::ltl
