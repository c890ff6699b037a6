#include "mc/report/JsonLayoutReader.hpp"

namespace rankfold::mc {

std::string error_quote(std::string s) {
    constexpr std::size_t kMax = 64;
    bool cut = s.size() > kMax;
    if (cut) s.resize(kMax); // may split a UTF-8 sequence; `replace` below mends that
    const nlohmann::ordered_json value(std::move(s));
    std::string q = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (cut) q.insert(q.size() - 1, "...");
    return q;
}

} // namespace rankfold::mc
