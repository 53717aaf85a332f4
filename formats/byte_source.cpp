#include "formats/byte_source.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace bonescope {

void MemorySource::readAt(uint64_t offset, uint8_t* out, size_t n)
{
    if (offset > bytes_.size() || n > bytes_.size() - offset)
        throw std::out_of_range("MemorySource: read past the end");
    if (n > 0)
        std::memcpy(out, bytes_.data() + offset, n);
}

void ReadAheadSource::readAt(uint64_t offset, uint8_t* out, size_t n)
{
    if (n >= Ahead) {
        // What the window already holds of it is not read again.
        size_t held = 0;
        if (offset >= start_ && offset < start_ + held_) {
            held = size_t(start_ + held_ - offset);
            std::memcpy(out, ahead_ + (offset - start_), held);
        }
        if (n > held)
            source_.readAt(offset + held, out + held, n - held);
        return;
    }
    if (offset < start_ || offset + n > start_ + held_) {
        if (offset > size() || n > size() - offset)
            throw std::out_of_range("ReadAheadSource: read past the end");
        size_t kept = 0; // the window's tail from `offset` on is kept, not read again
        if (offset >= start_ && offset < start_ + held_) {
            kept = size_t(start_ + held_ - offset);
            std::memmove(ahead_, ahead_ + (offset - start_), kept);
        }
        held_ = size_t(std::min<uint64_t>(Ahead, size() - offset));
        start_ = offset;
        source_.readAt(offset + kept, ahead_ + kept, held_ - kept);
    }
    if (n > 0)
        std::memcpy(out, ahead_ + (offset - start_), n);
}

void WatchedSource::readAt(uint64_t offset, uint8_t* out, size_t n)
{
    source_.readAt(offset, out, n);
    showUpTo(offset);
    if (offset + n > shown_) {
        watch_({out + (shown_ - offset), size_t(offset + n - shown_)});
        shown_ = offset + n;
    }
}

// Shows [shown_, end), read anew a megabyte at a time.
void WatchedSource::showUpTo(uint64_t end)
{
    while (shown_ < end) {
        spare_.resize(size_t(std::min<uint64_t>(end - shown_, uint64_t(1) << 20)));
        source_.readAt(shown_, spare_.data(), spare_.size());
        watch_(spare_);
        shown_ += spare_.size();
    }
}

} // namespace bonescope
