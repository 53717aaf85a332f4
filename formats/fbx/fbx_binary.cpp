// Binary FBX: a 27-byte header, then node records (end offset, value count, value bytes, name,
// values, children, a zero record closing the children), with 64-bit offsets from version 7500.
// Every count and offset is checked against the bytes left; zlib arrays are inflated a piece at a
// time into room no larger than the array they say they hold, itself bounded.
#include "formats/fbx/fbx_document.h"

#include <cstring>

#ifndef BONESCOPE_WITHOUT_ZLIB
#include <zlib.h>
#endif

#include "formats/parse_error.h"

namespace bonescope::fbx {

namespace {

constexpr size_t kHeaderSize = 27;
// An array holds at most this many bytes once inflated (a mesh of 20 million vertices' positions).
constexpr uint64_t kMaxArrayBytes = uint64_t(1) << 29;

// A node name as a message shows it: damaged files put anything there.
std::string shown(const std::string& name)
{
    std::string out;
    for (const char c : name.substr(0, 40))
        out += c >= 0x20 && c < 0x7f ? c : '?';
    return name.size() > 40 ? out + "..." : out;
}

class BinaryParser {
public:
    BinaryParser(std::span<const uint8_t> bytes, bool wide) : b_(bytes), wide_(wide) {}

    // The top-level records from `pos` to the closing zero record (or the end).
    void readTop(Node& root, size_t pos)
    {
        const size_t nullSize = wide_ ? 25 : 13;
        while (pos + nullSize <= b_.size()) {
            if (offsetAt(pos) == 0)
                return; // the top level's closing zero record: the footer follows
            pos = readNode(pos, root.children.emplace_back(), 1);
        }
    }

private:
    [[noreturn]] void fail(const std::string& why, size_t at) const { throw ParseError(why, at); }

    void need(size_t pos, size_t n, const char* what) const
    {
        if (pos > b_.size() || n > b_.size() - pos)
            fail(std::string("the file ends inside ") + what, pos);
    }
    uint32_t u32(size_t pos) const
    {
        need(pos, 4, "a node record");
        return uint32_t(b_[pos]) | uint32_t(b_[pos + 1]) << 8 | uint32_t(b_[pos + 2]) << 16 | uint32_t(b_[pos + 3]) << 24;
    }
    uint64_t u64(size_t pos) const { return uint64_t(u32(pos)) | uint64_t(u32(pos + 4)) << 32; }
    uint64_t offsetAt(size_t pos) const { return wide_ ? u64(pos) : u32(pos); }

    // One node record at `pos`; returns where the next record starts.
    size_t readNode(size_t pos, Node& node, int depth)
    {
        if (depth > kMaxDepth)
            fail("nodes nested deeper than " + std::to_string(kMaxDepth) + " levels", pos);
        const size_t start = pos;
        const size_t w = wide_ ? 8 : 4;
        const uint64_t end = offsetAt(pos);
        const uint64_t count = wide_ ? u64(pos + 8) : u32(pos + 4);
        const uint64_t listBytes = wide_ ? u64(pos + 16) : u32(pos + 8);
        pos += 3 * w;
        need(pos, 1, "a node record");
        const size_t nameLength = b_[pos++];
        need(pos, nameLength, "a node's name");
        node.name.assign(reinterpret_cast<const char*>(&b_[pos]), nameLength);
        node.where = start;
        pos += nameLength;
        if (end < pos || end > b_.size())
            fail("node '" + shown(node.name) + "' says it ends at byte " + std::to_string(end) + ", outside the file", start);
        if (listBytes > end - pos)
            fail("node '" + shown(node.name) + "''s values run past the node's end", start);
        // Every value takes at least one byte: a count beyond the value bytes is false.
        if (count > listBytes)
            fail("node '" + shown(node.name) + "' says it has " + std::to_string(count) + " values in " +
                     std::to_string(listBytes) + " bytes",
                 start);
        const size_t valuesEnd = pos + size_t(listBytes);
        node.values.reserve(size_t(count));
        for (uint64_t i = 0; i < count; ++i)
            pos = readValue(pos, valuesEnd, node.values.emplace_back());
        if (pos != valuesEnd)
            fail("node '" + shown(node.name) + "''s values do not fill the length it states", pos);
        const size_t nullSize = wide_ ? 25 : 13;
        while (pos < end) {
            if (end - pos == nullSize && offsetAt(pos) == 0) {
                pos = size_t(end);
                break;
            }
            const size_t next = readNode(pos, node.children.emplace_back(), depth + 1);
            if (next > end)
                fail("a child of node '" + shown(node.name) + "' runs past its parent's end", pos);
            pos = next;
        }
        return size_t(end);
    }

    template <class T>
    static T load(const uint8_t* p)
    {
        T v;
        std::memcpy(&v, p, sizeof v); // little-endian hosts (x86, ARM) only, as the other readers
        return v;
    }

    size_t readValue(size_t pos, size_t valuesEnd, Value& v)
    {
        if (pos >= valuesEnd)
            fail("a node's values run past the length it states", pos);
        const char type = char(b_[pos++]);
        auto scalar = [&](size_t size) {
            if (size > valuesEnd - pos)
                fail("a value runs past its node's values", pos);
            const uint8_t* p = &b_[pos];
            pos += size;
            return p;
        };
        switch (type) {
        case 'Y': v.integer = load<int16_t>(scalar(2)); break;
        case 'C': v.integer = *scalar(1); break; // a bool, or a 6.x key's mode letter
        case 'I': v.integer = load<int32_t>(scalar(4)); break;
        case 'L': v.integer = load<int64_t>(scalar(8)); break;
        case 'F': v.kind = Value::Kind::Number; v.number = load<float>(scalar(4)); break;
        case 'D': v.kind = Value::Kind::Number; v.number = load<double>(scalar(8)); break;
        case 'S':
        case 'R': {
            const uint32_t length = load<uint32_t>(scalar(4));
            const uint8_t* p = scalar(length);
            v.kind = Value::Kind::Text;
            v.text.assign(reinterpret_cast<const char*>(p), length);
            break;
        }
        case 'f': case 'd': case 'l': case 'i': case 'b': return readArray(type, pos, valuesEnd, v);
        default:
            fail("unknown value type '" + std::string(1, type) + "' (not an FBX file, or a damaged one)", pos - 1);
        }
        if (v.kind == Value::Kind::Integer)
            v.number = double(v.integer);
        return pos;
    }

    size_t readArray(char type, size_t pos, size_t valuesEnd, Value& v)
    {
        if (12 > valuesEnd - pos)
            fail("an array's header runs past its node's values", pos);
        const uint32_t length = load<uint32_t>(&b_[pos]);
        const uint32_t encoding = load<uint32_t>(&b_[pos + 4]);
        const uint32_t stored = load<uint32_t>(&b_[pos + 8]);
        const size_t at = pos;
        pos += 12;
        if (stored > valuesEnd - pos)
            fail("an array of " + std::to_string(stored) + " bytes runs past its node's values", at);
        const size_t elem = type == 'b' ? 1 : (type == 'f' || type == 'i') ? 4 : 8;
        const uint64_t bytes = uint64_t(length) * elem;
        if (bytes > kMaxArrayBytes)
            fail("an array of " + std::to_string(length) + " values is larger than Bonescope reads", at);
        std::vector<uint8_t> raw;
        const uint8_t* data = &b_[pos];
        if (encoding == 0) {
            if (bytes != stored)
                fail("an array of " + std::to_string(length) + " values is stored in " + std::to_string(stored) + " bytes",
                     at);
        } else if (encoding == 1) {
            // deflate shrinks at most about 1032:1: a larger claim is false, and never allocated
            if (bytes > uint64_t(stored) * 1032 + 64)
                fail("a compressed array of " + std::to_string(stored) + " bytes claims " + std::to_string(length) +
                         " values, more than it can hold",
                     at);
            raw = inflateArray(data, stored, size_t(bytes), at);
            data = raw.data();
        } else {
            fail("an array in an unknown encoding (" + std::to_string(encoding) + ")", at);
        }
        if (type == 'f' || type == 'd') {
            v.kind = Value::Kind::NumberArray;
            v.numbers.resize(length);
            for (size_t i = 0; i < length; ++i)
                v.numbers[i] = type == 'f' ? double(load<float>(data + 4 * i)) : load<double>(data + 8 * i);
        } else {
            v.kind = Value::Kind::IntegerArray;
            v.integers.resize(length);
            for (size_t i = 0; i < length; ++i)
                v.integers[i] = type == 'b'   ? int64_t(data[i] != 0)
                                : type == 'i' ? int64_t(load<int32_t>(data + 4 * i))
                                              : load<int64_t>(data + 8 * i);
        }
        return pos + stored;
    }

    // zlib data that must inflate to exactly `size` bytes: the output never grows past it.
    std::vector<uint8_t> inflateArray(const uint8_t* in, size_t inSize, size_t size, size_t at) const
    {
#ifdef BONESCOPE_WITHOUT_ZLIB
        (void)in, (void)inSize, (void)size;
        fail("a compressed array, and this build of Bonescope has no zlib to read it", at);
#else
        std::vector<uint8_t> out(size);
        z_stream z{};
        if (inflateInit(&z) != Z_OK)
            fail("zlib could not start", at);
        z.next_in = const_cast<Bytef*>(in);
        z.avail_in = uInt(inSize);
        z.next_out = out.data();
        z.avail_out = uInt(size);
        const int rc = inflate(&z, Z_FINISH);
        const size_t made = size - z.avail_out;
        inflateEnd(&z);
        if (rc != Z_STREAM_END || made != size)
            fail("a compressed array is damaged (it does not inflate to the " + std::to_string(size) + " bytes it states)",
                 at);
        return out;
#endif
    }

    std::span<const uint8_t> b_;
    bool wide_;
};

} // namespace

Document parseBinary(std::span<const uint8_t> bytes)
{
    if (!isBinaryFbx(bytes) || bytes.size() < kHeaderSize)
        throw ParseError("not a binary FBX file (no \"Kaydara FBX Binary\" header)", 0);
    Document doc;
    doc.binary = true;
    doc.version = uint32_t(bytes[23]) | uint32_t(bytes[24]) << 8 | uint32_t(bytes[25]) << 16 | uint32_t(bytes[26]) << 24;
    BinaryParser(bytes, doc.version >= 7500).readTop(doc.root, kHeaderSize);
    return doc;
}

} // namespace bonescope::fbx
