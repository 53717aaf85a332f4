#include "formats/cast/cast_partial.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/model/mesh.h"
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

// The most the buffer for nodes read whole keeps between them (curves are far smaller).
constexpr size_t kKeptBuffer = size_t(8) << 20;

// A node read as `choose` says, with its declared size (where its next sibling starts).
struct Part {
    Node node;
    uint32_t size = 0;
    bool taken = false;
};

class PartReader {
public:
    PartReader(ByteSource& source, const Choose& choose, const Visitor& visit)
        : source_(source), choose_(choose), visit_(visit)
    {
    }

    Part read(uint64_t at, uint64_t end, int depth);

private:
    uint64_t propertiesEnd(uint64_t at, uint32_t count, uint64_t end);
    void readWhole(Node& n, uint64_t at, uint32_t size, int depth);

    ByteSource& source_;
    const Choose& choose_;
    const Visitor& visit_;
    std::vector<uint8_t> buffer_; // a node read whole, reused from node to node
};

// Where the properties that start at `at` end, found from their headers (a string is read up to
// its NUL): the bytes between are then read in one piece.
uint64_t PartReader::propertiesEnd(uint64_t at, uint32_t count, uint64_t end)
{
    if (count > (end - at) / PropertyHeaderSize || (!visit_.anyCount && count > kMaxOpenedProperties))
        throw ParseError("property count " + std::to_string(count) + " is larger than its node can hold", at - 8);
    for (uint32_t i = 0; i < count; ++i) {
        if (end - at < PropertyHeaderSize)
            throw ParseError("property " + std::to_string(i) + " does not fit in its node", at);
        const std::vector<uint8_t> head = readBytes(source_, at, PropertyHeaderSize);
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
                const std::vector<uint8_t> text = readBytes(source_, at, std::min<uint64_t>(end - at, 256));
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

// The node at `at` parsed into views of the buffer, shown to the visitor, then made to own the
// bytes it still views.
void PartReader::readWhole(Node& n, uint64_t at, uint32_t size, int depth)
{
    buffer_.resize(size);
    source_.readAt(at, buffer_.data(), size);
    n = fromOffset(at, [&] { return parseNodeViews(buffer_); });
    shiftOffsets(n, at);
    if (visit_.taken)
        visit_.taken(n, depth);
    keepBytes(n);
    if (buffer_.capacity() > kKeptBuffer)
        buffer_ = {}; // a big node (a model's meshes) is rare: not held through the rest of the file
}

Part PartReader::read(uint64_t at, uint64_t end, int depth)
{
    if (depth > MaxDepth)
        throw ParseError("nodes are nested more than " + std::to_string(MaxDepth) + " deep", at);
    if (end - at < NodeHeaderSize)
        throw ParseError("a node header does not fit before byte " + std::to_string(end), at);
    const std::vector<uint8_t> headBytes = readBytes(source_, at, NodeHeaderSize);
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
    const Take take = choose_(n.id, depth);
    part.taken = take != Take::Skip;
    if (take == Take::Skip)
        return part;
    if (take == Take::Whole) {
        readWhole(n, at, part.size, depth);
        return part;
    }
    const uint64_t propsAt = at + NodeHeaderSize;
    const uint64_t childrenAt = propertiesEnd(propsAt, propCount, nodeEnd);
    const std::vector<uint8_t> props = readBytes(source_, propsAt, childrenAt - propsAt);
    n.props = fromOffset(propsAt, [&] { return parseProperties(props, propCount); });
    for (Property& p : n.props)
        p.offset += propsAt;
    if (childCount > (nodeEnd - childrenAt) / NodeHeaderSize || (!visit_.anyCount && childCount > kMaxOpenedChildren))
        throw ParseError(nodeName(n.id) + " child count " + std::to_string(childCount) + " is larger than its node can hold",
                         at + 20);
    if (visit_.opened)
        visit_.opened(n, depth);
    uint64_t child = childrenAt;
    for (uint32_t i = 0; i < childCount; ++i) {
        Part c = read(child, nodeEnd, depth + 1);
        child += c.size;
        if (c.taken)
            n.children.push_back(std::move(c.node));
    }
    n.slack = readBytes(source_, child, nodeEnd - child);
    if (visit_.taken)
        visit_.taken(n, depth);
    return part;
}

} // namespace

Tree parsePartly(ByteSource& source, const Choose& choose, const Visitor& visit)
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
    PartReader reader(source, choose, visit);
    uint64_t at = HeaderSize;
    for (uint32_t i = 0; i < head.rootCount; ++i) {
        Part root = reader.read(at, size, 0);
        if (root.node.id != Root)
            throw ParseError("top-level node " + std::to_string(i) + " is a " + nodeName(root.node.id) +
                                 " node, not a Root node",
                             at);
        at += root.size;
        if (root.taken)
            t.roots.push_back(std::move(root.node));
    }
    t.trailing = readBytes(source, at, size - at);
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
