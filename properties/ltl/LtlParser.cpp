#include "properties/ltl/LtlParser.hpp"

#include <cctype>
#include <cstdio>
#include <vector>

namespace rankfold::properties::ltl {

namespace {

enum class Tok { End, Name, True, False, LParen, RParen, Unary, Temporal, Boolean, Bad };

struct Token {
    Tok kind = Tok::End;
    LtlOp op = LtlOp::True; // Unary, Temporal, Boolean
    std::string text;
    int line = 1, column = 1;
};

bool ident_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool ident_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

class Parser {
public:
    Parser(std::string_view text, std::string& error) : text_(text), error_(error) { advance(); }

    std::optional<LtlFormula> parse() {
        auto f = formula();
        if (f && tok_.kind == Tok::Bad)
            fail(tok_, "unexpected character " + describe(tok_));
        else if (f && tok_.kind != Tok::End)
            fail(tok_, "expected an operator or the end of the formula, saw " + describe(tok_));
        if (failed_) return std::nullopt;
        error_.clear();
        return f;
    }

private:
    std::optional<LtlFormula> formula() {
        auto lhs = temporal();
        while (lhs && tok_.kind == Tok::Boolean) {
            const Token op = take();
            auto rhs = temporal(&op);
            if (!rhs) return std::nullopt;
            lhs = LtlFormula::binary(op.op, std::move(*lhs), std::move(*rhs));
            if (!small_enough(*lhs, op)) return std::nullopt;
        }
        return lhs;
    }

    std::optional<LtlFormula> temporal(const Token* after = nullptr) {
        auto lhs = unary(after);
        while (lhs && tok_.kind == Tok::Temporal) {
            const Token op = take();
            auto rhs = unary(&op);
            if (!rhs) return std::nullopt;
            lhs = LtlFormula::binary(op.op, std::move(*lhs), std::move(*rhs));
            if (!small_enough(*lhs, op)) return std::nullopt;
        }
        return lhs;
    }

    // `after`: the operator this operand follows, for the error message.
    std::optional<LtlFormula> unary(const Token* after = nullptr) {
        if (++depth_ > kMaxDepth) {
            fail(tok_, "formula nested too deeply");
            return std::nullopt;
        }
        std::optional<LtlFormula> result;
        switch (tok_.kind) {
        case Tok::Name:
            result = LtlFormula::prop(take().text);
            break;
        case Tok::True:
            take(), result = LtlFormula::truth();
            break;
        case Tok::False:
            take(), result = LtlFormula::falsity();
            break;
        case Tok::Unary: {
            const Token op = take();
            if (auto arg = unary(&op)) result = LtlFormula::unary(op.op, std::move(*arg));
            if (result && !small_enough(*result, op)) result.reset();
            break;
        }
        case Tok::LParen: {
            const Token open = take();
            result = formula();
            if (result && tok_.kind != Tok::RParen) {
                fail(tok_, "expected ')' to close the '(' at " + std::to_string(open.line) + ":" +
                               std::to_string(open.column) + ", saw " + describe(tok_));
                result.reset();
            } else if (result) {
                take();
            }
            break;
        }
        default:
            if (tok_.kind == Tok::Bad)
                fail(tok_, "unexpected character " + describe(tok_));
            else if (after)
                fail(tok_, "expected a formula after '" + after->text + "'");
            else
                fail(tok_, "expected a formula, saw " + describe(tok_));
        }
        --depth_;
        return result;
    }

    // Bounds the tree's depth, so the recursive passes over it (NNF, printing) stay shallow.
    bool small_enough(const LtlFormula& f, const Token& at) {
        if (f.size() <= kMaxSize) return true;
        fail(at, "formula too large (more than " + std::to_string(kMaxSize) + " operators)");
        return false;
    }

    static std::string describe(const Token& t) {
        return t.kind == Tok::End ? std::string("the end of the formula") : "'" + t.text + "'";
    }

    void fail(const Token& at, const std::string& what) {
        if (failed_) return; // the first error is the one to report
        failed_ = true;
        error_ = std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + what;
    }

    Token take() {
        Token t = tok_;
        advance();
        return t;
    }

    void advance() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
            if (text_[pos_] == '\n') ++line_, line_start_ = pos_ + 1;
            ++pos_;
        }
        tok_ = Token{};
        tok_.line = line_;
        tok_.column = static_cast<int>(pos_ - line_start_) + 1;
        if (pos_ >= text_.size()) return;
        const std::string_view rest = text_.substr(pos_);
        static const struct {
            std::string_view text;
            Tok kind;
            LtlOp op;
        } symbols[] = {
            {"<->", Tok::Boolean, LtlOp::Equiv}, {"->", Tok::Boolean, LtlOp::Implies},
            {"&&", Tok::Boolean, LtlOp::And},    {"||", Tok::Boolean, LtlOp::Or},
            {"[]", Tok::Unary, LtlOp::Globally}, {"<>", Tok::Unary, LtlOp::Finally},
            {"!", Tok::Unary, LtlOp::Not},       {"(", Tok::LParen, LtlOp::True},
            {")", Tok::RParen, LtlOp::True},
        };
        for (const auto& s : symbols)
            if (rest.starts_with(s.text)) return set(s.text.size(), s.kind, s.op);
        if (!ident_start(rest[0])) {
            // One whole UTF-8 sequence, so the message stays valid UTF-8.
            std::size_t n = 1;
            while (n < rest.size() && n < 4 && (static_cast<unsigned char>(rest[n]) & 0xc0) == 0x80)
                ++n;
            const auto c = static_cast<unsigned char>(rest[0]);
            if (c < 0x20 || c == 0x7f || c >= 0x80) {
                set(n, Tok::Bad, LtlOp::True);
                char hex[8];
                std::snprintf(hex, sizeof hex, "0x%02x", c);
                tok_.text = hex;
                return;
            }
            return set(1, Tok::Bad, LtlOp::True);
        }
        std::size_t n = 1;
        while (n < rest.size() && ident_char(rest[n])) ++n;
        const std::string_view word = rest.substr(0, n);
        static const struct {
            std::string_view word;
            Tok kind;
            LtlOp op;
        } words[] = {
            {"true", Tok::True, LtlOp::True},
            {"false", Tok::False, LtlOp::False},
            {"U", Tok::Temporal, LtlOp::Until},
            {"until", Tok::Temporal, LtlOp::Until},
            {"V", Tok::Temporal, LtlOp::Release},
            {"R", Tok::Temporal, LtlOp::Release},
            {"X", Tok::Unary, LtlOp::Next},
            {"G", Tok::Unary, LtlOp::Globally},
            {"F", Tok::Unary, LtlOp::Finally},
            {"always", Tok::Unary, LtlOp::Globally},
            {"eventually", Tok::Unary, LtlOp::Finally},
        };
        for (const auto& w : words)
            if (word == w.word) return set(n, w.kind, w.op);
        set(n, Tok::Name, LtlOp::True);
    }

    void set(std::size_t n, Tok kind, LtlOp op) {
        tok_.kind = kind;
        tok_.op = op;
        tok_.text = std::string(text_.substr(pos_, n));
        pos_ += n;
    }

    static constexpr int kMaxDepth = 1000;
    static constexpr std::size_t kMaxSize = 4000;
    std::string_view text_;
    std::string& error_;
    std::size_t pos_ = 0, line_start_ = 0;
    int line_ = 1, depth_ = 0;
    bool failed_ = false;
    Token tok_;
};

} // namespace

std::optional<LtlFormula> parse_ltl(std::string_view text, std::string& error) {
    return Parser(text, error).parse();
}

} // namespace rankfold::properties::ltl
