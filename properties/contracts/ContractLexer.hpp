// Tokens of a contract file: C declarations around CONTRACT(...) annotations. Comments and
// preprocessor lines are skipped; anything else C has is a one-character punctuation token,
// which the parser skips inside declarations and rejects inside a contract.
#pragma once

#include "properties/contracts/ContractAst.hpp"

#include <string>
#include <string_view>

namespace rankfold::properties::contracts {

struct Token {
    enum class Kind {
        End,
        Ident,     // C identifier or keyword: PRE, MSG, lib_init
        Operation, // identifier directly followed by '!': call!, no!
        Number,    // decimal digits
        String,    // "text", without the quotes
        Punct,     // one character
        Bad        // a character no token starts with, or an unterminated string/comment
    };
    Kind kind = Kind::End;
    std::string text;
    SourcePos pos;
};

class ContractLexer {
public:
    explicit ContractLexer(std::string_view text) : text_(text) {}
    Token next();

private:
    void skip_space_and_comments(Token& bad);
    char peek(std::size_t ahead = 0) const {
        return at_ + ahead < text_.size() ? text_[at_ + ahead] : '\0';
    }
    void advance();

    std::string_view text_;
    std::size_t at_ = 0;
    int line_ = 1;
    int column_ = 1;
    bool line_start_ = true; // only blanks so far on this line (for '#')
};

// A readable name for a token in "expected X, found Y".
std::string describe(const Token& t);

} // namespace rankfold::properties::contracts
