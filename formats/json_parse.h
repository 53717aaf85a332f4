#pragma once
// JSON documents parsed with every error a ParseError at its byte (Dash JSON, glTF), and nesting
// bounded before a tree is built: copying and comparing a tree recurse once per level, so a few
// hundred kilobytes of brackets would exhaust the stack.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "formats/parse_error.h"

namespace bonescope {

constexpr size_t kMaxJsonNesting = 256;

// Throws ParseError at the first bracket deeper than kMaxJsonNesting.
void checkJsonNesting(std::span<const uint8_t> bytes);

// nlohmann's DOM builder, except that every error it meets (syntax, and numbers out of a double's
// range, which it reports as out_of_range rather than parse_error) becomes a ParseError at its byte.
template <class Json>
struct OffsetSax : nlohmann::detail::json_sax_dom_parser<Json> {
    using nlohmann::detail::json_sax_dom_parser<Json>::json_sax_dom_parser;
    bool parse_error(size_t position, const std::string&, const nlohmann::detail::exception& e)
    {
        throw ParseError(std::string("malformed JSON: ") + e.what(), position > 0 ? position - 1 : 0);
    }
};

// The document, nesting checked first. `Json` is nlohmann::json or nlohmann::ordered_json.
template <class Json>
Json parseJsonDocument(std::span<const uint8_t> bytes)
{
    checkJsonNesting(bytes);
    Json top;
    OffsetSax<Json> sax(top);
    Json::sax_parse(bytes.begin(), bytes.end(), &sax);
    return top;
}

} // namespace bonescope
