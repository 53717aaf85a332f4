#pragma once
// A ByteSink that keeps each piece a streaming writer hands it, to compare with write()'s bytes.
#include <cstdint>
#include <vector>

#include "formats/byte_sink.h"

namespace bonescope::test {

struct Pieces {
    std::vector<std::vector<uint8_t>> list;
    ByteSink sink()
    {
        return [this](std::span<const uint8_t> piece) { list.emplace_back(piece.begin(), piece.end()); };
    }
    std::vector<uint8_t> joined() const
    {
        std::vector<uint8_t> all;
        for (const auto& p : list)
            all.insert(all.end(), p.begin(), p.end());
        return all;
    }
};

} // namespace bonescope::test
