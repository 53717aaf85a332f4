// ReadAheadSource: reads of every size at every kind of offset (in its window, across its edge,
// past it, bigger than it) give the source's bytes, and a walk of small reads costs a read of the
// source per window.
#include <random>

#include <gtest/gtest.h>

#include "formats/byte_source.h"
#include "tests/support/counting_source.h"

using namespace bonescope;

TEST(ReadAheadSource, EveryReadGivesTheSourcesBytes)
{
    std::vector<uint8_t> bytes(100'000);
    std::mt19937 random(7);
    for (uint8_t& b : bytes)
        b = uint8_t(random());
    MemorySource memory(bytes);
    ReadAheadSource source(memory);
    std::vector<uint8_t> out;
    for (int i = 0; i < 20'000; ++i) {
        const size_t n = i % 7 == 0 ? random() % 12'000 : random() % 300;
        const uint64_t at = random() % (bytes.size() - n + 1);
        out.assign(n, 0xCD);
        source.readAt(at, out.data(), n);
        ASSERT_TRUE(std::equal(out.begin(), out.end(), bytes.begin() + at)) << at << " " << n;
    }
    EXPECT_THROW(source.readAt(bytes.size() - 2, out.data(), 3), std::out_of_range);
}

TEST(ReadAheadSource, AWalkReadsEachByteAboutOnce)
{
    std::vector<uint8_t> bytes(1'000'000, 1);
    test::CountingSource counted(bytes);
    ReadAheadSource source(counted);
    uint8_t header[24];
    std::vector<uint8_t> body;
    // Headers of 24 bytes, each followed by a body of up to 2,000 bytes (or, one in ten, up to
    // 20,000) read whole: one read of the source each without the window.
    uint64_t at = 0;
    for (size_t n = 0, i = 0; at + 24 <= bytes.size(); n = (n * 7919 + 24) % (++i % 10 ? 2'000 : 20'000)) {
        source.readAt(at, header, 24);
        const size_t size = std::min<size_t>(n, bytes.size() - at - 24);
        body.resize(size);
        source.readAt(at + 24, body.data(), size);
        at += 24 + size;
    }
    EXPECT_LE(counted.read, bytes.size() + ReadAheadSource::Ahead);
    EXPECT_LT(counted.reads, bytes.size() / 2'000);
}
