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

size_t ReadAheadSource::heldFrom(uint64_t offset) const
{
    return offset >= start_ && offset < start_ + held_ ? size_t(start_ + held_ - offset) : 0;
}

void ReadAheadSource::readAt(uint64_t offset, uint8_t* out, size_t n)
{
    const size_t held = heldFrom(offset);
    const uint8_t* window = ahead_ + (held > 0 ? offset - start_ : 0); // the window from `offset` on
    if (n >= Ahead) {
        // What the window already holds of it is not read again.
        std::memcpy(out, window, held);
        if (n > held)
            source_.readAt(offset + held, out + held, n - held);
        return;
    }
    if (offset > size() || n > size() - offset)
        throw std::out_of_range("ReadAheadSource: read past the end");
    if (held < n) {
        // The window's tail from `offset` on is kept, not read again.
        std::memmove(ahead_, window, held);
        held_ = size_t(std::min<uint64_t>(Ahead, size() - offset));
        start_ = offset;
        source_.readAt(offset + held, ahead_ + held, held_ - held);
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
