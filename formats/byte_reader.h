#pragma once
// Bounds-checked little-endian reading. Every failure throws ParseError with the byte offset; no
// count read from a file is trusted before checking that the remaining bytes can hold it.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include "formats/parse_error.h"

namespace bonescope {

class ByteReader {
public:
    explicit ByteReader(std::span<const uint8_t> data) : data_(data) {}

    size_t pos() const { return pos_; }
    size_t size() const { return data_.size(); }
    size_t remaining() const { return data_.size() - pos_; }
    bool atEnd() const { return pos_ == data_.size(); }
    std::span<const uint8_t> data() const { return data_; }

    void seek(size_t offset, const char* what = "offset")
    {
        if (offset > data_.size())
            fail(std::string(what) + " " + std::to_string(offset) + " is past the end of the file (" +
                 std::to_string(data_.size()) + " bytes)");
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
        const uint64_t limit = FreeFrames + FramesPerByte * data_.size();
        if (frames > limit)
            failAt(at, std::string(what) + " claims " + std::to_string(frames) + " frames, more than a file of " +
                           std::to_string(data_.size()) + " bytes may (at most " + std::to_string(limit) + ")");
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
        return data_[pos_++];
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

    // NUL-terminated string; the terminator must lie inside the file (and within maxLen bytes).
    std::string cstr(const char* what, size_t maxLen = SIZE_MAX)
    {
        const size_t limit = std::min(remaining(), maxLen);
        const auto* begin = data_.data() + pos_;
        const void* nul = std::memchr(begin, 0, limit);
        if (!nul)
            fail(std::string(what) + " has no NUL terminator" +
                 (limit < remaining() ? " within " + std::to_string(maxLen) + " bytes" : " before the end of the file"));
        const size_t len = size_t(static_cast<const uint8_t*>(nul) - begin);
        std::string s(reinterpret_cast<const char*>(begin), len);
        pos_ += len + 1;
        return s;
    }

    // Fixed-size character field; the string ends at the first NUL (or fills the field).
    std::string fixedString(size_t size, const char* what)
    {
        need(size, what);
        const auto* begin = reinterpret_cast<const char*>(data_.data() + pos_);
        size_t len = 0;
        while (len < size && begin[len] != 0)
            ++len;
        pos_ += size;
        return std::string(begin, len);
    }

    std::span<const uint8_t> bytes(size_t n, const char* what)
    {
        need(n, what);
        auto s = data_.subspan(pos_, n);
        pos_ += n;
        return s;
    }

    std::span<const uint8_t> rest() { return bytes(remaining(), "rest"); }

private:
    uint64_t le(size_t n, const char* what)
    {
        need(n, what);
        uint64_t v = 0;
        for (size_t i = 0; i < n; ++i)
            v |= uint64_t(data_[pos_ + i]) << (8 * i);
        pos_ += n;
        return v;
    }

    std::span<const uint8_t> data_;
    size_t pos_ = 0;
};

} // namespace bonescope
