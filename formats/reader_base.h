#pragma once
// What every bounds-checked little-endian reader does, whether it holds the whole file (ByteReader)
// or reads it in pieces (PieceReader): the checks against the file's size, the error messages with
// their byte offsets, and the typed values. A reader `D` provides `window(n)`: the n bytes at pos(),
// already bounds-checked, valid until its next read.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>

#include "formats/parse_error.h"

namespace bonescope {

template <class D>
class ReaderBase {
public:
    size_t pos() const { return pos_; }
    size_t size() const { return size_; }
    size_t remaining() const { return size_ - pos_; }
    bool atEnd() const { return pos_ == size_; }

    void seek(size_t offset, const char* what = "offset")
    {
        if (offset > size_)
            fail(std::string(what) + " " + std::to_string(offset) + " is past the end of the file (" +
                 std::to_string(size_) + " bytes)");
        pos_ = offset;
    }

    void need(size_t n, const char* what) const
    {
        if (n > remaining())
            throw ParseError(std::string("truncated: ") + what + " needs " + std::to_string(n) +
                                 " bytes, " + std::to_string(remaining()) + " left",
                             pos_);
    }

    // A count of items of at least `minItemBytes` each must fit in what is left of the file.
    void checkCount(uint64_t count, size_t minItemBytes, const char* what) const
    {
        if (minItemBytes > 0 && count > remaining() / minItemBytes)
            throw ParseError(std::string(what) + " count " + std::to_string(count) +
                                 " is larger than the file can hold (" + std::to_string(remaining()) +
                                 " bytes left)",
                             pos_);
    }

    // A declared length in frames costs the file nothing, yet sampling, conversion to framed formats
    // and the window's timeline work per frame: it may claim at most FreeFrames (36 minutes at 30
    // fps), plus FramesPerByte for every byte of the file.
    static constexpr uint64_t FreeFrames = uint64_t(1) << 16;
    static constexpr uint64_t FramesPerByte = 64;
    void checkFrames(uint64_t frames, size_t at, const char* what) const
    {
        const uint64_t limit = FreeFrames + FramesPerByte * size_;
        if (frames > limit)
            failAt(at, std::string(what) + " claims " + std::to_string(frames) + " frames, more than a file of " +
                           std::to_string(size_) + " bytes may (at most " + std::to_string(limit) + ")");
    }

    // The same for a length in seconds at a frame rate.
    void checkDuration(double seconds, double fps, size_t at, const char* what) const
    {
        const double frames = seconds * fps;
        checkFrames(frames > 0 ? (frames < 1e18 ? uint64_t(frames) : UINT64_MAX) : 0, at, what);
    }

    [[noreturn]] void fail(const std::string& why) const { throw ParseError(why, pos_); }
    [[noreturn]] void failAt(size_t offset, const std::string& why) const { throw ParseError(why, offset); }

    uint8_t u8(const char* what = "u8")
    {
        need(1, what);
        const uint8_t v = *self().window(1);
        ++pos_;
        return v;
    }
    uint16_t u16(const char* what = "u16") { return uint16_t(le(2, what)); }
    uint32_t u32(const char* what = "u32") { return uint32_t(le(4, what)); }
    uint64_t u64(const char* what = "u64") { return le(8, what); }
    int16_t s16(const char* what = "s16") { return int16_t(u16(what)); }
    int32_t s32(const char* what = "s32") { return int32_t(u32(what)); }

    // Unsigned integer of 1, 2 or 4 bytes.
    uint32_t uint(int width, const char* what) { return uint32_t(le(size_t(width), what)); }

    float f32(const char* what = "f32")
    {
        const uint32_t bits = u32(what);
        float v;
        std::memcpy(&v, &bits, 4);
        return v;
    }
    double f64(const char* what = "f64")
    {
        const uint64_t bits = u64(what);
        double v;
        std::memcpy(&v, &bits, 8);
        return v;
    }
    // A float that must be finite; the error names the value's offset.
    float finiteF32(const char* what)
    {
        const size_t at = pos_;
        const float v = f32(what);
        if (!std::isfinite(v))
            failAt(at, std::string(what) + " is not a finite number");
        return v;
    }
    double finiteF64(const char* what)
    {
        const size_t at = pos_;
        const double v = f64(what);
        if (!std::isfinite(v))
            failAt(at, std::string(what) + " is not a finite number");
        return v;
    }

    // NUL-terminated string; the terminator must lie inside the file (and within maxLen bytes). A
    // piece reader looks in growing windows, so a long search does not read far past a short name.
    std::string cstr(const char* what, size_t maxLen = SIZE_MAX)
    {
        const size_t limit = std::min(remaining(), maxLen);
        size_t look = D::HoldsAll ? limit : std::min<size_t>(limit, 256);
        for (;;) {
            const uint8_t* begin = self().window(look);
            if (const void* nul = std::memchr(begin, 0, look)) {
                const size_t len = size_t(static_cast<const uint8_t*>(nul) - begin);
                std::string s(reinterpret_cast<const char*>(begin), len);
                pos_ += len + 1;
                return s;
            }
            if (look == limit)
                fail(std::string(what) + " has no NUL terminator" +
                     (limit < remaining() ? " within " + std::to_string(maxLen) + " bytes"
                                          : " before the end of the file"));
            look = limit - look > look * 3 ? look * 4 : limit;
        }
    }

    // Fixed-size character field; the string ends at the first NUL (or fills the field).
    std::string fixedString(size_t size, const char* what)
    {
        need(size, what);
        const auto* begin = reinterpret_cast<const char*>(self().window(size));
        size_t len = 0;
        while (len < size && begin[len] != 0)
            ++len;
        pos_ += size;
        return std::string(begin, len);
    }

    // The next n bytes (valid until the next read of a piece reader).
    std::span<const uint8_t> bytes(size_t n, const char* what)
    {
        need(n, what);
        const uint8_t* p = self().window(n);
        pos_ += n;
        return {p, n};
    }

    std::span<const uint8_t> rest() { return bytes(remaining(), "rest"); }
    // The bytes from pos() to the end, without moving past them.
    std::span<const uint8_t> peekRest() { return {self().window(remaining()), remaining()}; }

protected:
    explicit ReaderBase(size_t size) : size_(size) {}
    size_t pos_ = 0;

private:
    D& self() { return static_cast<D&>(*this); }

    uint64_t le(size_t n, const char* what)
    {
        need(n, what);
        const uint8_t* p = self().window(n);
        uint64_t v = 0;
        for (size_t i = 0; i < n; ++i)
            v |= uint64_t(p[i]) << (8 * i);
        pos_ += n;
        return v;
    }

    size_t size_;
};

} // namespace bonescope
