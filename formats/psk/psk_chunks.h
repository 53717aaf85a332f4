#pragma once
// The ActorX container shared by .psk/.pskx (models) and .psa (animations): a run of chunks, each a
// 32-byte header (char ChunkID[20], u32 TypeFlag, i32 DataSize, i32 DataCount) and DataCount records
// of DataSize bytes, little-endian, no padding. Readers find chunks by name and step over the ones
// they do not know by DataSize x DataCount.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/byte_reader.h"
#include "formats/byte_writer.h"

namespace bonescope::psk {

constexpr size_t HeaderBytes = 32;
constexpr size_t IdBytes = 20;
constexpr size_t NameBytes = 64; // bone, material and sequence names: char[64]

struct ChunkHeader {
    std::array<uint8_t, IdBytes> id{}; // as read: bytes after the NUL are kept, whatever they hold
    uint32_t typeFlag = 0;
    int32_t dataSize = 0;
    int32_t count = 0;

    std::string name() const; // the id up to its first NUL
    static ChunkHeader make(const std::string& name, uint32_t typeFlag, int32_t dataSize, int32_t count);
};

// One chunk of a file being read: its header, where it starts, its records' bytes.
struct ChunkView {
    ChunkHeader header;
    uint64_t offset = 0; // of the header
    std::span<const uint8_t> data;
    uint64_t dataOffset() const { return offset + HeaderBytes; }
};

// Splits `bytes` into chunks. `magic` ("ACTRHEAD" or "ANIMHEAD") must be the first. Every size is
// checked against what the file holds (a negative size or count, DataSize x DataCount past the end);
// fewer than 32 bytes after the last chunk are returned in `trailing`.
std::vector<ChunkView> splitChunks(std::span<const uint8_t> bytes, const char* magic, std::vector<uint8_t>& trailing);

// A ParseError naming the chunk and the byte offset.
[[noreturn]] void chunkFail(const ChunkView& c, uint64_t at, const std::string& why);
// The chunk's records must be `size` bytes each (the layouts Bonescope reads).
void expectRecordSize(const ChunkView& c, int32_t size);
// A reader over the whole file, at the chunk's first record: errors carry the file's offsets.
ByteReader recordReader(std::span<const uint8_t> file, const ChunkView& c);

void writeHeader(ByteWriter& w, const ChunkHeader& h);

// char[64] names: up to the first NUL, trailing spaces dropped (old exporters pad with them); bytes
// that are not UTF-8 are read as Windows-1252 (what the Blender add-on writes).
std::string readName(std::span<const uint8_t> field);
// `name` as a char[64] field, in UTF-8 (bytes that are not become U+FFFD). A name of 64 bytes or more is shortened as UE Viewer does (its first 30
// bytes, "____", its last 29), on character boundaries.
std::array<uint8_t, NameBytes> encodeName(const std::string& name);
// The field to write: `raw` when it still reads as `name` (keeping what followed its NUL), else encoded.
std::array<uint8_t, NameBytes> nameField(const std::string& name, const uint8_t* raw);

} // namespace bonescope::psk
