#pragma once
// A little-endian byte builder for tests that write files by hand from a spec (SEModel, ...), so the
// readers are checked against bytes no Bonescope writer produced.
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

namespace bonescope::test {

struct LeBytes {
    std::vector<uint8_t> b;
    void u8(uint8_t v) { b.push_back(v); }
    void u16(uint16_t v) { u8(uint8_t(v)), u8(uint8_t(v >> 8)); }
    void u32(uint32_t v) { u16(uint16_t(v)), u16(uint16_t(v >> 16)); }
    void f(float v)
    {
        uint32_t x;
        std::memcpy(&x, &v, 4);
        u32(x);
    }
    void f(std::initializer_list<float> vs)
    {
        for (float v : vs)
            f(v);
    }
    void s(const std::string& v) { b.insert(b.end(), v.begin(), v.end()), u8(0); } // NUL-terminated
};

} // namespace bonescope::test
