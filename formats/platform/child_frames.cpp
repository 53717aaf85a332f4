// A kept child's messages (child_process.h): the length, then the bytes. Portable C streams, the same
// on every system; the parent's side reads and writes them through its pipes (child_process_*.cpp).
#include "formats/platform/child_process.h"

#include <algorithm>

namespace bonescope::platform {

void putFrameLength(uint8_t* header, uint64_t length)
{
    for (size_t i = 0; i < kFrameHeader; ++i)
        header[i] = uint8_t(length >> (8 * i));
}

uint64_t frameLength(const uint8_t* header)
{
    uint64_t n = 0;
    for (size_t i = 0; i < kFrameHeader; ++i)
        n |= uint64_t(header[i]) << (8 * i);
    return n;
}

std::vector<uint8_t> framed(std::span<const uint8_t> bytes)
{
    std::vector<uint8_t> frame(kFrameHeader + bytes.size());
    putFrameLength(frame.data(), bytes.size());
    std::copy(bytes.begin(), bytes.end(), frame.begin() + kFrameHeader);
    return frame;
}

bool wholeFrame(const std::vector<uint8_t>& received)
{
    return received.size() >= kFrameHeader && received.size() - kFrameHeader >= frameLength(received.data());
}

bool takeFrame(std::vector<uint8_t>& received)
{
    if (!wholeFrame(received) || received.size() - kFrameHeader != frameLength(received.data()))
        return false;
    received.erase(received.begin(), received.begin() + kFrameHeader);
    return true;
}

bool readFrame(std::FILE* in, std::vector<uint8_t>& bytes)
{
    uint8_t header[kFrameHeader];
    if (std::fread(header, 1, kFrameHeader, in) != kFrameHeader)
        return false;
    const uint64_t length = frameLength(header);
    bytes.clear();
    constexpr size_t kChunk = size_t(1) << 20; // a damaged length costs what arrives, not what it says
    while (bytes.size() < length) {
        const size_t at = bytes.size();
        const size_t chunk = size_t(std::min<uint64_t>(length - at, kChunk));
        bytes.resize(at + chunk);
        if (std::fread(bytes.data() + at, 1, chunk, in) != chunk)
            return false;
    }
    return true;
}

bool writeFrame(std::FILE* out, std::span<const uint8_t> bytes)
{
    uint8_t header[kFrameHeader];
    putFrameLength(header, bytes.size());
    return std::fwrite(header, 1, kFrameHeader, out) == kFrameHeader &&
           std::fwrite(bytes.data(), 1, bytes.size(), out) == bytes.size() && std::fflush(out) == 0;
}

} // namespace bonescope::platform
