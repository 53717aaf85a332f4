// The .glb container and its JSON are checked before Assimp sees them: Assimp 5.2's glTF2 importer
// reads past its buffer on a truncated .glb (found by assimp_fuzz with a 26-byte file), so every
// length that points past the file, a chunk of the wrong type and JSON that is not JSON are a
// ParseError naming the byte, whatever the file is called.
#include <gtest/gtest.h>

#include "formats/assimp/assimp_format.h"
#include "formats/assimp/assimp_import.h"
#include "formats/gltf/gltf_json.h"
#include "formats/convert/prepare.h"
#include "formats/file_io.h"
#include "formats/parse_error.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

// A real file as users convert it: a SEAnim sample written by our .glb writer (JSON and BIN chunks).
std::vector<uint8_t> sampleGlb()
{
    Report report;
    const AssimpFormat glb;
    return glb.write(prepareForTarget(loadScene(test::samplePath("seanim/synth_abs_lrs_loop_notes.seanim")).scene, glb, {}, report));
}

uint32_t le32(const std::vector<uint8_t>& b, size_t at)
{
    return uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 | uint32_t(b[at + 3]) << 24;
}

void putLe32(std::vector<uint8_t>& b, size_t at, uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        b[at + i] = uint8_t(v >> (8 * i));
}

// The byte offset of the ParseError reading `bytes` gives (NoOffset when it names none), or -1 when
// the bytes read.
int64_t errorOffset(const std::vector<uint8_t>& bytes)
{
    try {
        (void)AssimpFormat().read(bytes);
    } catch (const ParseError& e) {
        return e.offset() == ParseError::NoOffset ? int64_t(-2) : int64_t(e.offset());
    }
    return -1;
}

} // namespace

TEST(GlbContainer, WrittenGlbReadsAndItsChunksAreWhereTheHeaderSays)
{
    const std::vector<uint8_t> glb = sampleGlb();
    ASSERT_EQ(le32(glb, 8), glb.size());
    const size_t bin = 20 + le32(glb, 12);
    ASSERT_LT(bin, glb.size()); // the keys are in a BIN chunk
    EXPECT_EQ(le32(glb, bin + 4), 0x004E4942u);
    EXPECT_EQ(errorOffset(glb), -1);
    EXPECT_EQ(glbJsonChunk(glb)->size(), le32(glb, 12));
}

TEST(GlbContainer, EveryTruncationIsRefusedAtTheHeaderLength)
{
    const std::vector<uint8_t> glb = sampleGlb();
    // 26 bytes is the length of the input that overflowed Assimp's buffer.
    for (size_t n = 4; n < glb.size(); ++n) {
        const std::vector<uint8_t> cut(glb.begin(), glb.begin() + long(n));
        EXPECT_EQ(errorOffset(cut), n < 12 ? 4 : 8) << n << " bytes";
    }
}

TEST(GlbContainer, LengthsPastTheContainerAndWrongChunksNameTheirByte)
{
    const std::vector<uint8_t> glb = sampleGlb();
    const uint32_t jsonLength = le32(glb, 12);
    const size_t bin = 20 + jsonLength;

    std::vector<uint8_t> b = glb;
    putLe32(b, 12, uint32_t(glb.size())); // JSON chunk longer than the file
    EXPECT_EQ(errorOffset(b), 12);

    b = glb;
    putLe32(b, 8, 20 + jsonLength - 4); // the header's length cuts the JSON chunk
    EXPECT_EQ(errorOffset(b), 12);

    b = glb;
    putLe32(b, bin, le32(glb, bin) + 4); // BIN chunk longer than the file
    EXPECT_EQ(errorOffset(b), int64_t(bin));

    b = glb;
    b[bin + 4] = 'X'; // a second chunk that is not BIN
    EXPECT_EQ(errorOffset(b), int64_t(bin + 4));

    b = glb;
    b[16] = 'X'; // a first chunk that is not JSON
    EXPECT_EQ(errorOffset(b), 16);

    b = glb;
    putLe32(b, 4, 1); // glTF 1.0 binaries have another layout
    EXPECT_EQ(errorOffset(b), 4);

    // A trailing chunk header cut short.
    b = std::vector<uint8_t>(glb.begin(), glb.begin() + long(bin + 4));
    putLe32(b, 8, uint32_t(b.size()));
    EXPECT_EQ(errorOffset(b), int64_t(bin));
}

TEST(GlbContainer, JsonThatIsNotJsonIsRefusedAtItsByte)
{
    std::vector<uint8_t> glb = sampleGlb();
    const uint32_t jsonLength = le32(glb, 12);
    glb.resize(20 + jsonLength); // JSON only
    putLe32(glb, 8, uint32_t(glb.size()));
    // Replace the JSON's first byte ('{') by a letter: the JSON stops being JSON at once.
    glb[20] = 'x';
    EXPECT_EQ(errorOffset(glb), 20);

    // The same as a .gltf file: the message names the file and the byte.
    const std::string path = test::tempPath("not_json.gltf");
    test::writeBytes(path, std::vector<uint8_t>{'{', '"', 'a', 's', 's', 'e', 't', '"', ':', '{', '}', ',', ']'});
    try {
        (void)importWithAssimp(path);
        ADD_FAILURE() << "read";
    } catch (const ParseError& e) {
        EXPECT_EQ(e.offset(), 12u) << e.what();
        EXPECT_NE(std::string(e.what()).find("not_json.gltf"), std::string::npos) << e.what();
    }
}

TEST(GlbContainer, JsonPaddedWithNulBytesStillReads)
{
    std::vector<uint8_t> glb = sampleGlb();
    const uint32_t jsonLength = le32(glb, 12);
    // Four NUL bytes more at the end of the JSON chunk, the BIN chunk after them.
    glb.insert(glb.begin() + 20 + jsonLength, 4, uint8_t(0));
    putLe32(glb, 12, jsonLength + 4);
    putLe32(glb, 8, uint32_t(glb.size()));
    EXPECT_EQ(errorOffset(glb), -1);
}

TEST(GlbContainer, ATruncatedGlbUnderAnotherNameIsCheckedToo)
{
    const std::vector<uint8_t> glb = sampleGlb();
    const std::string path = test::tempPath("truncated_glb.fbx");
    test::writeBytes(path, std::vector<uint8_t>(glb.begin(), glb.begin() + 26));
    try {
        (void)importWithAssimp(path);
        ADD_FAILURE() << "read";
    } catch (const ParseError& e) {
        EXPECT_EQ(e.offset(), 8u) << e.what();
        EXPECT_NE(std::string(e.what()).find("truncated .glb"), std::string::npos) << e.what();
    }
}
