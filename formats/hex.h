#pragma once
// Bytes as lower-case hex text, for the JSON dump of opaque blocks.
#include <cstdint>
#include <span>
#include <string>

namespace bonescope {

inline std::string toHex(std::span<const uint8_t> bytes)
{
    static const char digits[] = "0123456789abcdef";
    std::string s;
    s.reserve(bytes.size() * 2);
    for (uint8_t b : bytes) {
        s.push_back(digits[b >> 4]);
        s.push_back(digits[b & 15]);
    }
    return s;
}

} // namespace bonescope
