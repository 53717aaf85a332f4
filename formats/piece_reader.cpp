#include "formats/piece_reader.h"

#include <algorithm>
#include <cstring>

namespace bonescope {

PieceReader::PieceReader(ByteSource& source)
    : ReaderBase(size_t(source.size())), source_(source),
      piece_(source.pieceSize() ? source.pieceSize() : DefaultPiece)
{
}

const uint8_t* PieceReader::fill(size_t n)
{
    // Keep what is already held from pos_ on (a read usually runs on from the last piece), then
    // read up to a whole piece, or up to n, more.
    const size_t want = std::min(std::max(n, piece_), size() - pos_);
    size_t kept = 0;
    if (pos_ >= start_ && pos_ < start_ + held_) {
        kept = start_ + held_ - pos_;
        if (want > capacity_) {
            auto bigger = std::make_unique_for_overwrite<uint8_t[]>(want);
            std::memcpy(bigger.get(), buffer_.get() + (pos_ - start_), kept);
            buffer_ = std::move(bigger);
            capacity_ = want;
        } else {
            std::memmove(buffer_.get(), buffer_.get() + (pos_ - start_), kept);
        }
    } else if (want > capacity_) {
        buffer_ = std::make_unique_for_overwrite<uint8_t[]>(want);
        capacity_ = want;
    }
    start_ = pos_;
    held_ = kept;
    if (want > kept) {
        source_.readAt(pos_ + kept, buffer_.get() + kept, want - kept);
        held_ = want;
    }
    return buffer_.get();
}

} // namespace bonescope
