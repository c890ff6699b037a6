#include "properties/contracts/ContractLexer.hpp"

#include <cctype>

namespace rankfold::properties::contracts {

namespace {

bool ident_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool ident_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

} // namespace

void ContractLexer::advance() {
    if (at_ >= text_.size()) return;
    if (text_[at_] == '\n') {
        ++line_;
        column_ = 1;
        line_start_ = true;
    } else {
        ++column_;
        if (text_[at_] != ' ' && text_[at_] != '\t' && text_[at_] != '\r') line_start_ = false;
    }
    ++at_;
}

void ContractLexer::skip_space_and_comments(Token& bad) {
    for (;;) {
        const char c = peek();
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
            advance();
        } else if (c == '#' && line_start_) { // a preprocessor line, with its continuations
            while (at_ < text_.size() && peek() != '\n') {
                if (peek() == '\\' && peek(1) == '\n') advance();
                advance();
            }
        } else if (c == '/' && peek(1) == '/') {
            while (at_ < text_.size() && peek() != '\n') advance();
        } else if (c == '/' && peek(1) == '*') {
            const SourcePos start{line_, column_};
            advance();
            advance();
            while (at_ < text_.size() && !(peek() == '*' && peek(1) == '/')) advance();
            if (at_ >= text_.size()) {
                bad = {Token::Kind::Bad, "unterminated comment", start};
                return;
            }
            advance();
            advance();
        } else {
            return;
        }
    }
}

Token ContractLexer::next() {
    Token t;
    skip_space_and_comments(t);
    if (t.kind == Token::Kind::Bad) return t;
    t.pos = {line_, column_};
    const char c = peek();
    if (at_ >= text_.size()) {
        t.kind = Token::Kind::End;
    } else if (ident_start(c)) {
        while (ident_char(peek())) {
            t.text += peek();
            advance();
        }
        t.kind = Token::Kind::Ident;
        if (peek() == '!') {
            advance();
            t.kind = Token::Kind::Operation;
        }
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
        while (std::isdigit(static_cast<unsigned char>(peek()))) {
            t.text += peek();
            advance();
        }
        t.kind = Token::Kind::Number;
    } else if (c == '"') {
        advance();
        while (at_ < text_.size() && peek() != '"' && peek() != '\n') {
            t.text += peek();
            advance();
        }
        if (peek() != '"') return {Token::Kind::Bad, "unterminated string", t.pos};
        advance();
        t.kind = Token::Kind::String;
    } else if (std::isprint(static_cast<unsigned char>(c))) {
        t.kind = Token::Kind::Punct;
        t.text = std::string(1, c);
        advance();
    } else {
        t.kind = Token::Kind::Bad;
        t.text = "a byte that is not printable ASCII";
        advance();
    }
    return t;
}

std::string describe(const Token& t) {
    switch (t.kind) {
    case Token::Kind::End:
        return "the end of the file";
    case Token::Kind::Ident:
        return "'" + t.text + "'";
    case Token::Kind::Operation:
        return "'" + t.text + "!'";
    case Token::Kind::Number:
        return "the number " + t.text;
    case Token::Kind::String:
        return "a string";
    case Token::Kind::Punct:
        return "'" + t.text + "'";
    case Token::Kind::Bad:
        return t.text;
    }
    return "?";
}

} // namespace rankfold::properties::contracts
