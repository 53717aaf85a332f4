#include "formats/psk/psk_chunks.h"

#include <cstring>

#include "formats/parse_error.h"
#include "formats/text_encoding.h"

namespace bonescope::psk {

namespace {

// Windows-1252's 0x80-0x9F (0 where it has no character: kept as U+0080..U+009F, as Latin-1 does).
constexpr uint16_t kCp1252High[32] = {0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
                                      0x2039, 0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
                                      0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178};

void appendUtf8(std::string& out, uint32_t c)
{
    if (c < 0x80) {
        out += char(c);
    } else if (c < 0x800) {
        out += char(0xC0 | (c >> 6));
        out += char(0x80 | (c & 0x3F));
    } else {
        out += char(0xE0 | (c >> 12));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    }
}

std::string fromCp1252(std::string_view s)
{
    std::string out;
    for (unsigned char c : s) {
        const uint32_t mapped = c >= 0x80 && c < 0xA0 && kCp1252High[c - 0x80] ? kCp1252High[c - 0x80] : c;
        appendUtf8(out, mapped);
    }
    return out;
}

// Cut `s` to at most `n` bytes from its start (or its end) without splitting a UTF-8 sequence.
std::string headBytes(const std::string& s, size_t n)
{
    while (n > 0 && n < s.size() && (uint8_t(s[n]) & 0xC0) == 0x80)
        --n;
    return s.substr(0, n);
}
std::string tailBytes(const std::string& s, size_t n)
{
    size_t from = s.size() - n;
    while (from < s.size() && (uint8_t(s[from]) & 0xC0) == 0x80)
        ++from;
    return s.substr(from);
}

} // namespace

std::string ChunkHeader::name() const
{
    size_t n = 0;
    while (n < id.size() && id[n] != 0)
        ++n;
    return std::string(reinterpret_cast<const char*>(id.data()), n);
}

ChunkHeader ChunkHeader::make(const std::string& name, uint32_t typeFlag, int32_t dataSize, int32_t count)
{
    ChunkHeader h;
    std::memcpy(h.id.data(), name.data(), std::min(name.size(), IdBytes));
    h.typeFlag = typeFlag;
    h.dataSize = dataSize;
    h.count = count;
    return h;
}

std::vector<ChunkView> splitChunks(std::span<const uint8_t> bytes, const char* magic, std::vector<uint8_t>& trailing)
{
    ByteReader r(bytes);
    std::vector<ChunkView> out;
    while (!r.atEnd()) {
        if (!out.empty() && r.remaining() < HeaderBytes) { // a few stray bytes after the last chunk: kept
            const auto rest = r.rest();
            trailing.assign(rest.begin(), rest.end());
            break;
        }
        ChunkView c;
        c.offset = r.pos();
        const auto id = r.bytes(IdBytes, "chunk header");
        std::memcpy(c.header.id.data(), id.data(), IdBytes);
        c.header.typeFlag = r.u32("chunk header");
        c.header.dataSize = r.s32("chunk header");
        c.header.count = r.s32("chunk header");
        const std::string name = c.header.name();
        if (out.empty() && name != magic)
            throw ParseError(std::string("not an ActorX file: the first chunk is '") + validUtf8(name) + "', not " + magic,
                             c.offset);
        if (c.header.dataSize < 0 || c.header.count < 0)
            chunkFail(c, c.offset + 24, "a negative record size (" + std::to_string(c.header.dataSize) + ") or count (" +
                                            std::to_string(c.header.count) + ")");
        const uint64_t total = uint64_t(c.header.dataSize) * uint64_t(c.header.count); // both < 2^31: no overflow
        if (total > r.remaining())
            chunkFail(c, c.offset + 24,
                      std::to_string(c.header.count) + " records of " + std::to_string(c.header.dataSize) + " bytes (" +
                          std::to_string(total) + " bytes) run past the end of the file (" +
                          std::to_string(r.remaining()) + " bytes left)");
        c.data = r.bytes(size_t(total), "chunk data");
        out.push_back(c);
    }
    if (out.empty())
        throw ParseError("empty file", 0);
    return out;
}

void chunkFail(const ChunkView& c, uint64_t at, const std::string& why)
{
    throw ParseError(validUtf8(c.header.name()) + " chunk (at byte " + std::to_string(c.offset) + "): " + why, at);
}

void expectRecordSize(const ChunkView& c, int32_t size)
{
    if (c.header.dataSize != size && c.header.count > 0)
        chunkFail(c, c.offset + 24, "records of " + std::to_string(c.header.dataSize) + " bytes, expected " +
                                        std::to_string(size));
}

ByteReader recordReader(std::span<const uint8_t> file, const ChunkView& c)
{
    // Bounded by the chunk: a record read cannot run into the next chunk.
    ByteReader r(file.first(size_t(c.dataOffset() + c.data.size())));
    r.seek(size_t(c.dataOffset()));
    return r;
}

void writeHeader(ByteWriter& w, const ChunkHeader& h)
{
    w.bytes(h.id);
    w.u32(h.typeFlag);
    w.s32(h.dataSize);
    w.s32(h.count);
}

std::string readName(std::span<const uint8_t> field)
{
    size_t n = 0;
    while (n < field.size() && field[n] != 0)
        ++n;
    while (n > 0 && field[n - 1] == ' ')
        --n;
    const std::string_view s(reinterpret_cast<const char*>(field.data()), n);
    return isValidUtf8(s) ? std::string(s) : fromCp1252(s);
}

std::array<uint8_t, NameBytes> encodeName(const std::string& name)
{
    std::string s = validUtf8(name); // bytes that are not UTF-8 would read back as Windows-1252
    if (s.size() >= NameBytes)
        s = headBytes(s, 30) + "____" + tailBytes(s, 29);
    std::array<uint8_t, NameBytes> out{};
    std::memcpy(out.data(), s.data(), std::min(s.size(), NameBytes - 1));
    return out;
}

std::array<uint8_t, NameBytes> nameField(const std::string& name, const uint8_t* raw)
{
    if (raw && readName({raw, NameBytes}) == name) {
        std::array<uint8_t, NameBytes> out;
        std::memcpy(out.data(), raw, NameBytes);
        return out;
    }
    return encodeName(name);
}

} // namespace bonescope::psk
