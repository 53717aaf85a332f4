#pragma once
// Bounds-checked little-endian reading of bytes held in memory. Every failure throws ParseError with
// the byte offset; no count read from a file is trusted before checking that the remaining bytes can
// hold it (formats/reader_base.h). PieceReader does the same for a file read in pieces.
#include <span>

#include "formats/reader_base.h"

namespace bonescope {

class ByteReader : public ReaderBase<ByteReader> {
public:
    static constexpr bool HoldsAll = true;

    explicit ByteReader(std::span<const uint8_t> data) : ReaderBase(data.size()), data_(data) {}

    std::span<const uint8_t> data() const { return data_; }
    const uint8_t* window(size_t) const { return data_.data() + pos_; }

private:
    std::span<const uint8_t> data_;
};

} // namespace bonescope
