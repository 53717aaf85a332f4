#pragma once
// Bytes in memory that count the reads made of them: how many, how many bytes, the biggest.
#include <algorithm>

#include "formats/byte_source.h"

namespace bonescope::test {

class CountingSource : public MemorySource {
public:
    using MemorySource::MemorySource;
    void readAt(uint64_t offset, uint8_t* out, size_t n) override
    {
        MemorySource::readAt(offset, out, n);
        ++reads;
        read += n;
        biggest = std::max(biggest, n);
    }
    uint64_t reads = 0, read = 0; // calls, bytes
    size_t biggest = 0;
};

} // namespace bonescope::test
