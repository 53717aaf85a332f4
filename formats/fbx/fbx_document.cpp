#include "formats/fbx/fbx_document.h"

#include <algorithm>
#include <cstring>

namespace bonescope::fbx {

double Value::asNumber() const
{
    switch (kind) {
    case Kind::Integer: return double(integer);
    case Kind::Number: return number;
    case Kind::IntegerArray: return integers.empty() ? 0.0 : double(integers.front());
    case Kind::NumberArray: return numbers.empty() ? 0.0 : numbers.front();
    case Kind::Text: return 0.0;
    }
    return 0.0;
}

int64_t Value::asInteger() const
{
    if (kind == Kind::Integer)
        return integer;
    const double d = asNumber();
    return d > -9.2e18 && d < 9.2e18 ? int64_t(d) : 0;
}

std::vector<double> Value::asNumbers() const
{
    if (kind == Kind::NumberArray)
        return numbers;
    if (kind == Kind::IntegerArray)
        return std::vector<double>(integers.begin(), integers.end());
    if (kind == Kind::Text)
        return {};
    return {asNumber()};
}

std::vector<int64_t> Value::asIntegers() const
{
    if (kind == Kind::IntegerArray)
        return integers;
    if (kind == Kind::NumberArray) {
        std::vector<int64_t> out;
        out.reserve(numbers.size());
        for (const double d : numbers)
            out.push_back(d > -9.2e18 && d < 9.2e18 ? int64_t(d) : 0);
        return out;
    }
    if (kind == Kind::Text)
        return {};
    return {asInteger()};
}

const Node* Node::child(std::string_view childName) const
{
    for (const Node& c : children)
        if (c.name == childName)
            return &c;
    return nullptr;
}

std::string Node::textAt(size_t i, std::string_view fallback) const
{
    return i < values.size() && values[i].kind == Value::Kind::Text ? values[i].text : std::string(fallback);
}

double Node::numberAt(size_t i, double fallback) const
{
    return i < values.size() && values[i].kind != Value::Kind::Text ? values[i].asNumber() : fallback;
}

int64_t Node::integerAt(size_t i, int64_t fallback) const
{
    return i < values.size() && values[i].kind != Value::Kind::Text ? values[i].asInteger() : fallback;
}

std::string Document::place(uint64_t where) const
{
    return (binary ? "byte " : "line ") + std::to_string(where);
}

bool isBinaryFbx(std::span<const uint8_t> bytes)
{
    static constexpr char kMagic[] = "Kaydara FBX Binary";
    return bytes.size() >= sizeof(kMagic) - 1 && std::memcmp(bytes.data(), kMagic, sizeof(kMagic) - 1) == 0;
}

uint32_t versionOf(std::span<const uint8_t> bytes)
{
    if (isBinaryFbx(bytes))
        return bytes.size() >= 27 ? uint32_t(bytes[23]) | uint32_t(bytes[24]) << 8 | uint32_t(bytes[25]) << 16 |
                                        uint32_t(bytes[26]) << 24
                                  : 0;
    const std::string_view t(reinterpret_cast<const char*>(bytes.data()), std::min<size_t>(bytes.size(), 8192));
    auto digit = [&](size_t i) { return i < t.size() && t[i] >= '0' && t[i] <= '9'; };
    if (size_t at = t.find("FBXVersion:"); at != std::string_view::npos) {
        at += 11;
        while (at < t.size() && t[at] == ' ')
            ++at;
        uint32_t v = 0;
        for (; digit(at) && v < 100000; ++at)
            v = v * 10 + uint32_t(t[at] - '0');
        if (v > 0 && v < 100000)
            return v;
    }
    // "; FBX 6.1.0 project file"
    if (const size_t at = t.find("; FBX "); at != std::string_view::npos && digit(at + 6) && digit(at + 8) &&
                                             digit(at + 10))
        return uint32_t(t[at + 6] - '0') * 1000 + uint32_t(t[at + 8] - '0') * 100 + uint32_t(t[at + 10] - '0') * 10;
    return 0;
}

Document parseDocument(std::span<const uint8_t> bytes)
{
    return isBinaryFbx(bytes) ? parseBinary(bytes) : parseAscii(bytes);
}

} // namespace bonescope::fbx
