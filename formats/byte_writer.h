#pragma once
// Little-endian byte output, the mirror of ByteReader.
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include "formats/platform/process_memory.h"

namespace bonescope {

class ByteWriter {
public:
    std::vector<uint8_t>& buffer() { return out_; }
    std::vector<uint8_t> take() { return std::move(out_); }
    size_t size() const { return out_.size(); }

    void u8(uint8_t v) { out_.push_back(v); }
    void u16(uint16_t v) { le(v, 2); }
    void u32(uint32_t v) { le(v, 4); }
    void u64(uint64_t v) { le(v, 8); }
    void s16(int16_t v) { u16(uint16_t(v)); }
    void s32(int32_t v) { u32(uint32_t(v)); }
    void uint(uint32_t v, int width) { le(v, size_t(width)); }
    void f32(float v)
    {
        uint32_t b;
        std::memcpy(&b, &v, 4);
        u32(b);
    }
    void f64(double v)
    {
        uint64_t b;
        std::memcpy(&b, &v, 8);
        u64(b);
    }
    void cstr(std::string_view s)
    {
        bytes({reinterpret_cast<const uint8_t*>(s.data()), s.size()});
        u8(0);
    }
    // Fixed-size field, NUL-padded; `s` must be shorter than `size` to keep a terminator.
    void fixedString(std::string_view s, size_t size)
    {
        const size_t n = std::min(s.size(), size);
        bytes({reinterpret_cast<const uint8_t*>(s.data()), n});
        out_.insert(out_.end(), size - n, 0);
    }
    void bytes(std::span<const uint8_t> b) { out_.insert(out_.end(), b.begin(), b.end()); }
    // Room for n more bytes, to be filled in place (a big array at once, not a byte at a time).
    uint8_t* extend(size_t n)
    {
        const size_t at = out_.size();
        out_.resize(at + n);
        return out_.data() + at;
    }
    // The whole output's size, when a writer knows it: one allocation, no copies as it grows, and
    // for a big output its memory made ready at once (not a page fault per 4 KiB as it is filled).
    void reserve(size_t n)
    {
        out_.reserve(n);
        if (n >= (size_t(1) << 21))
            platform::prepareMemory(out_.data(), out_.capacity());
    }
    void zeros(size_t n) { out_.insert(out_.end(), n, 0); }
    // Overwrite an earlier u32 (offsets and sizes known only later).
    void patchU32(size_t at, uint32_t v)
    {
        for (int i = 0; i < 4; ++i)
            out_[at + i] = uint8_t(v >> (8 * i));
    }

private:
    void le(uint64_t v, size_t n)
    {
        for (size_t i = 0; i < n; ++i)
            out_.push_back(uint8_t(v >> (8 * i)));
    }
    std::vector<uint8_t> out_;
};

} // namespace bonescope
