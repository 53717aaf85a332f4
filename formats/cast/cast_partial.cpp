#include "formats/cast/cast_partial.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/mesh.h"
#include "formats/byte_reader.h"
#include "formats/cast/cast_model.h"
#include "formats/parse_error.h"

namespace bonescope::cast {

namespace {

std::vector<uint8_t> readBytes(ByteSource& source, uint64_t at, uint64_t n)
{
    std::vector<uint8_t> bytes(static_cast<size_t>(n));
    source.readAt(at, bytes.data(), bytes.size());
    return bytes;
}

// Runs a parse of bytes read from offset `at`, giving its errors the file's offsets.
template <class F>
auto fromOffset(uint64_t at, F parse)
{
    try {
        return parse();
    } catch (const ParseError& e) {
        if (e.offset() == ParseError::NoOffset)
            throw;
        throw ParseError(e.reason(), e.offset() + at);
    }
}

void shiftOffsets(Node& n, uint64_t by)
{
    n.offset += by;
    for (Property& p : n.props)
        p.offset += by;
    for (Node& c : n.children)
        shiftOffsets(c, by);
}

// Properties are found a header read at a time: a crafted count in a big node would cost a read
// per 8 bytes of it. No Cast writer puts more than a few dozen in one node.
constexpr uint32_t kMaxOpenedProperties = 65536, kMaxOpenedChildren = 65536; // the same for children

// Where the properties that start at `at` end, found from their headers (a string is read up to
// its NUL): the bytes between are then read in one piece.
uint64_t propertiesEnd(ByteSource& source, uint64_t at, uint32_t count, uint64_t end)
{
    if (count > (end - at) / PropertyHeaderSize || count > kMaxOpenedProperties)
        throw ParseError("property count " + std::to_string(count) + " is larger than its node can hold", at - 8);
    for (uint32_t i = 0; i < count; ++i) {
        if (end - at < PropertyHeaderSize)
            throw ParseError("property " + std::to_string(i) + " does not fit in its node", at);
        const std::vector<uint8_t> head = readBytes(source, at, PropertyHeaderSize);
        ByteReader h(head);
        const uint16_t type = h.u16("property type");
        const uint16_t nameSize = h.u16("property name size");
        const uint32_t length = h.u32("property array length");
        at += PropertyHeaderSize;
        if (end - at < nameSize)
            throw ParseError("property name does not fit in its node", at);
        at += nameSize;
        if (type == String) { // up to its NUL, read a few hundred bytes at a time
            for (bool found = false; !found;) {
                if (at >= end)
                    throw ParseError("string property without its NUL before the end of its node", at);
                const std::vector<uint8_t> text = readBytes(source, at, std::min<uint64_t>(end - at, 256));
                const auto nul = std::find(text.begin(), text.end(), uint8_t(0));
                found = nul != text.end();
                at += uint64_t(nul - text.begin()) + (found ? 1 : 0);
            }
            continue;
        }
        const uint64_t size = uint64_t(length) * elementSize(type); // an unknown type: the parse says so
        if (end - at < size)
            throw ParseError("property values do not fit in their node", at);
        at += size;
    }
    return at;
}

// A node read as `choose` says, with its declared size (where its next sibling starts).
struct Part {
    Node node;
    uint32_t size = 0;
    bool taken = false;
};

Part readPartly(ByteSource& source, uint64_t at, uint64_t end, int depth, const Choose& choose)
{
    if (depth > MaxDepth)
        throw ParseError("nodes are nested more than " + std::to_string(MaxDepth) + " deep", at);
    if (end - at < NodeHeaderSize)
        throw ParseError("a node header does not fit before byte " + std::to_string(end), at);
    const std::vector<uint8_t> headBytes = readBytes(source, at, NodeHeaderSize);
    ByteReader h(headBytes);
    const NodeHeader head = readNodeHeader(h, at, end);
    Part part;
    Node& n = part.node;
    n.offset = at;
    n.id = head.id;
    n.hash = head.hash;
    part.size = head.size;
    const uint32_t propCount = head.propCount, childCount = head.childCount;
    const uint64_t nodeEnd = at + part.size;
    const Take take = choose(n.id, depth);
    part.taken = take != Take::Skip;
    if (take == Take::Skip)
        return part;
    if (take == Take::Whole) {
        const std::vector<uint8_t> bytes = readBytes(source, at, part.size);
        n = fromOffset(at, [&] { return parseNode(bytes); });
        shiftOffsets(n, at);
        return part;
    }
    const uint64_t propsAt = at + NodeHeaderSize;
    const uint64_t childrenAt = propertiesEnd(source, propsAt, propCount, nodeEnd);
    const std::vector<uint8_t> props = readBytes(source, propsAt, childrenAt - propsAt);
    n.props = fromOffset(propsAt, [&] { return parseProperties(props, propCount); });
    for (Property& p : n.props)
        p.offset += propsAt;
    if (childCount > (nodeEnd - childrenAt) / NodeHeaderSize || childCount > kMaxOpenedChildren)
        throw ParseError(nodeName(n.id) + " child count " + std::to_string(childCount) + " is larger than its node can hold",
                         at + 20);
    uint64_t child = childrenAt;
    for (uint32_t i = 0; i < childCount; ++i) {
        Part c = readPartly(source, child, nodeEnd, depth + 1, choose);
        child += c.size;
        if (c.taken)
            n.children.push_back(std::move(c.node));
    }
    return part;
}

} // namespace

Tree parsePartly(ByteSource& source, const Choose& choose)
{
    const uint64_t size = source.size();
    if (size < HeaderSize)
        throw ParseError("not a Cast file: shorter than its 16-byte header", 0);
    const std::vector<uint8_t> headBytes = readBytes(source, 0, HeaderSize);
    ByteReader h(headBytes);
    const FileHeader head = readFileHeader(h, size);
    Tree t;
    t.version = head.version;
    t.flags = head.flags;
    uint64_t at = HeaderSize;
    for (uint32_t i = 0; i < head.rootCount; ++i) {
        Part root = readPartly(source, at, size, 0, choose);
        if (root.node.id != Root)
            throw ParseError("top-level node " + std::to_string(i) + " is a " + nodeName(root.node.id) +
                                 " node, not a Root node",
                             at);
        at += root.size;
        if (root.taken)
            t.roots.push_back(std::move(root.node));
    }
    return t;
}

std::optional<bonescope::Skeleton> readModelSkeleton(ByteSource& source)
{
    // Roots and models are opened; of a model's children only its skeleton is read, whole.
    const Tree t = parsePartly(source, [](uint32_t id, int depth) {
        if (depth == 0)
            return id == Root ? Take::Open : Take::Skip;
        if (depth == 1)
            return id == Model ? Take::Open : Take::Skip;
        return depth == 2 && id == Skeleton ? Take::Whole : Take::Skip;
    });
    for (const Node& root : t.roots)
        for (const Node& model : root.children) {
            bonescope::Skeleton skeleton;
            bonescope::Mesh none;
            std::vector<std::pair<int, uint32_t>> ranges;
            if (readCastModel(model, skeleton, none, ranges) && !skeleton.empty())
                return skeleton;
        }
    return std::nullopt;
}

} // namespace bonescope::cast
