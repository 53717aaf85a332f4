#pragma once
// Little-endian byte output, the mirror of ByteReader.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include "formats/byte_sink.h"
#include "formats/platform/process_memory.h"

namespace bonescope {

// Collects the bytes in memory (take()), or with a sink hands them on in pieces of about a megabyte
// as they are made (finish() hands on the rest). A streaming writer cannot patch what it has handed on.
class ByteWriter {
public:
    ByteWriter() = default;
    explicit ByteWriter(const ByteSink& sink) : sink_(&sink) {}
    explicit ByteWriter(ByteSink&&) = delete; // the sink must outlive the writer

    std::vector<uint8_t>& buffer() { return out_; }
    std::vector<uint8_t> take() { return std::move(out_); }
    // Every byte written so far, handed on or not.
    size_t size() const { return handedOn_ + out_.size(); }
    void finish()
    {
        if (sink_ && !out_.empty())
            handOn();
    }

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
    void bytes(std::span<const uint8_t> b)
    {
        makeRoom(b.size());
        if (sink_ && b.size() >= kPiece) { // handed on where it is, not copied
            (*sink_)(b);
            handedOn_ += b.size();
            return;
        }
        out_.insert(out_.end(), b.begin(), b.end());
    }
    // Room for n more bytes, to be filled in place (a big array at once, not a byte at a time).
    uint8_t* extend(size_t n)
    {
        makeRoom(n);
        const size_t at = out_.size();
        out_.resize(at + n);
        return out_.data() + at;
    }
    // The whole output's size, when a writer knows it: one allocation, no copies as it grows, and
    // for a big output its memory made ready at once (not a page fault per 4 KiB as it is filled).
    void reserve(size_t n)
    {
        if (sink_)
            return out_.reserve(std::min(n, 2 * kPiece));
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
    static constexpr size_t kPiece = size_t(1) << 20;

    // Streaming: hands on what the buffer holds before it would pass a piece's size.
    void makeRoom(size_t n)
    {
        if (sink_ && !out_.empty() && out_.size() + n > kPiece)
            handOn();
    }
    void handOn()
    {
        (*sink_)(out_);
        handedOn_ += out_.size();
        out_.clear();
    }

    void le(uint64_t v, size_t n)
    {
        for (size_t i = 0; i < n; ++i)
            out_.push_back(uint8_t(v >> (8 * i)));
    }
    std::vector<uint8_t> out_;
    const ByteSink* sink_ = nullptr;
    size_t handedOn_ = 0;
};

} // namespace bonescope
