#include "formats/assimp/collada_quirks.h"

#include <algorithm>
#include <cstring>
#include <string_view>

namespace bonescope {

bool colladaHoldsNoScene(std::span<const uint8_t> bytes)
{
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    return text.find("<COLLADA") != std::string_view::npos && text.find("<visual_scene") == std::string_view::npos;
}

std::optional<std::vector<uint8_t>> colladaNumbersTrimmed(std::span<const uint8_t> bytes)
{
    auto isSpace = [](uint8_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    auto startsNumber = [](uint8_t c) { return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.'; };
    std::vector<uint8_t> out;
    out.reserve(bytes.size());
    bool changed = false;
    for (size_t i = 0; i < bytes.size(); ++i) {
        out.push_back(bytes[i]);
        if (bytes[i] != '>')
            continue;
        size_t j = i + 1;
        while (j < bytes.size() && isSpace(bytes[j]))
            ++j;
        if (j > i + 1 && j < bytes.size() && startsNumber(bytes[j])) {
            i = j - 1; // skip the spaces
            changed = true;
        }
    }
    if (!changed)
        return std::nullopt;
    return out;
}

} // namespace bonescope
