#include "formats/byte_source.h"

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

} // namespace bonescope
