#pragma once
// ByteReader's reading, for a file read a piece at a time into one reused buffer: a big file is
// parsed while only a piece of it is in memory, and each piece is checked while it is in the CPU's
// cache. Offsets in errors are the file's. A span it returns is valid until its next read.
#include <memory>

#include "formats/byte_source.h"
#include "formats/reader_base.h"

namespace bonescope {

class PieceReader : public ReaderBase<PieceReader> {
public:
    static constexpr bool HoldsAll = false;
    static constexpr size_t DefaultPiece = size_t(256) << 10; // a quarter of a MiB: stays in L2

    // Pieces of the source's pieceSize(), else DefaultPiece.
    explicit PieceReader(ByteSource& source);

    // The n bytes at pos() (bounds-checked by the caller), read from the source where the buffer
    // does not hold them yet. The buffer grows to n when one array is bigger than a piece.
    const uint8_t* window(size_t n)
    {
        if (pos_ >= start_ && pos_ + n <= start_ + held_)
            return buffer_.get() + (pos_ - start_);
        return fill(n);
    }

private:
    const uint8_t* fill(size_t n);

    ByteSource& source_;
    size_t piece_;
    std::unique_ptr<uint8_t[]> buffer_;
    size_t capacity_ = 0;
    size_t start_ = 0; // file offset of buffer_[0]
    size_t held_ = 0;  // bytes of the file in buffer_
};

} // namespace bonescope
