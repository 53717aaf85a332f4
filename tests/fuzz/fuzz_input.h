#pragma once
// For the targets that cover every format: the first byte picks the reader (so that formats without
// a magic are reached as often as the others), the rest is the file.
#include <cstddef>
#include <cstdint>
#include <optional>

#include "formats/parse_error.h"
#include "formats/registry.h"

namespace bonescope::fuzz {

struct Input {
    const Format* format = nullptr;
    Scene scene;
};

// What the picked reader makes of the rest; nothing for an empty input or a ParseError.
inline std::optional<Input> read(const uint8_t* data, size_t size)
{
    const auto& formats = Registry::instance().formats();
    if (size == 0)
        return std::nullopt;
    Input in;
    in.format = formats[data[0] % formats.size()].get();
    try {
        in.scene = in.format->read({data + 1, size - 1});
    } catch (const ParseError&) {
        return std::nullopt;
    }
    return in;
}

} // namespace bonescope::fuzz
