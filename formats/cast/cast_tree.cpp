#include "formats/cast/cast_tree.h"

#include <cstring>
#include <stdexcept>

#include "formats/byte_reader.h"
#include "formats/byte_writer.h"
#include "formats/parse_error.h"

namespace bonescope::cast {

namespace {

Property readProperty(ByteReader& r, bool views)
{
    Property p;
    p.offset = r.pos();
    p.type = r.u16("property type");
    const uint16_t nameSize = r.u16("property name size");
    const size_t countAt = r.pos();
    p.count = r.u32("property array length");
    const auto name = r.bytes(nameSize, "property name");
    p.name.assign(name.begin(), name.end());
    if (p.type == String) {
        // One NUL-terminated value whatever the array length says (as every Cast library writes it).
        const size_t start = r.pos();
        (void)r.cstr("string property");
        p.data.assign(r.data().begin() + start, r.data().begin() + r.pos());
        return p; // strings are short and most are read as text: always copied
    }
    const size_t size = elementSize(p.type);
    if (size == 0)
        r.failAt(p.offset, "property '" + p.name + "' has unknown type '" + typeName(p.type) +
                               "' (b, h, i, l, f, d, s, v2, v3, v4 are defined)");
    if (p.count > r.remaining() / size)
        r.failAt(countAt, "property '" + p.name + "' array length " + std::to_string(p.count) +
                              " is larger than the file can hold (" + std::to_string(r.remaining()) + " bytes left)");
    const auto data = r.bytes(size_t(p.count) * size, "property values");
    if (views)
        p.view = data;
    else
        p.data.assign(data.begin(), data.end());
    return p;
}

Node readNode(ByteReader& r, size_t end, int depth, bool views)
{
    Node n;
    n.offset = r.pos();
    if (depth > MaxDepth)
        r.fail("nodes are nested more than " + std::to_string(MaxDepth) + " deep");
    const NodeHeader head = readNodeHeader(r, n.offset, end);
    n.id = head.id;
    n.hash = head.hash;
    const size_t propsAt = n.offset + 16;
    const uint32_t propCount = head.propCount, childCount = head.childCount;
    const size_t nodeEnd = n.offset + head.size;
    ByteReader inner(r.data().first(nodeEnd));
    inner.seek(r.pos());
    if (propCount > inner.remaining() / PropertyHeaderSize)
        inner.failAt(propsAt, nodeName(n.id) + " property count " + std::to_string(propCount) +
                                  " is larger than its node can hold");
    if (childCount > inner.remaining() / NodeHeaderSize)
        inner.failAt(propsAt + 4, nodeName(n.id) + " child count " + std::to_string(childCount) +
                                      " is larger than its node can hold");
    n.props.reserve(propCount);
    for (uint32_t i = 0; i < propCount; ++i)
        n.props.push_back(readProperty(inner, views));
    if (childCount > inner.remaining() / NodeHeaderSize)
        inner.failAt(propsAt + 4, nodeName(n.id) + " child count " + std::to_string(childCount) +
                                      " is larger than what its node has left");
    n.children.reserve(childCount);
    for (uint32_t i = 0; i < childCount; ++i)
        n.children.push_back(readNode(inner, nodeEnd, depth + 1, views));
    const auto slack = inner.rest();
    n.slack.assign(slack.begin(), slack.end());
    r.seek(nodeEnd);
    return n;
}

// A property's values as the file holds them: a string with its NUL, else count x element size.
uint64_t valueSize(const Property& p)
{
    return p.type == String ? p.bytes().size() : uint64_t(p.count) * elementSize(p.type);
}

void writeNode(ByteWriter& w, const Node& n, const FillBytes& fill)
{
    w.u32(n.id);
    w.u32(uint32_t(serializedSize(n)));
    w.u64(n.hash);
    w.u32(uint32_t(n.props.size()));
    w.u32(uint32_t(n.children.size()));
    for (const Property& p : n.props) {
        w.u16(p.type);
        w.u16(uint16_t(p.name.size()));
        w.u32(p.count);
        w.bytes({reinterpret_cast<const uint8_t*>(p.name.data()), p.name.size()});
        const uint64_t size = valueSize(p);
        if (p.bytes().size() == size) {
            w.bytes(p.bytes());
            continue;
        }
        const size_t before = w.size();
        if (p.bytes().empty() && fill)
            fill(n, p, w);
        if (w.size() - before != size)
            throw std::logic_error("Cast: property '" + p.name + "' holds " + std::to_string(w.size() - before) +
                                   " bytes, its count says " + std::to_string(size));
    }
    for (const Node& c : n.children)
        writeNode(w, c, fill);
    w.bytes(n.slack);
}

template <class T>
T load(const uint8_t* p)
{
    T v;
    std::memcpy(&v, p, sizeof v); // Cast is little-endian, like every platform Bonescope runs on
    return v;
}

} // namespace

size_t elementSize(uint16_t type)
{
    switch (type) {
    case Byte: return 1;
    case Short: return 2;
    case Int32: return 4;
    case Int64: return 8;
    case Float: return 4;
    case Double: return 8;
    case Vec2: return 8;
    case Vec3: return 12;
    case Vec4: return 16;
    default: return 0;
    }
}

size_t componentsOf(uint16_t type)
{
    return type == Vec2 ? 2 : type == Vec3 ? 3 : type == Vec4 ? 4 : 1;
}

std::string typeName(uint16_t type)
{
    const char lo = char(type & 0xFF), hi = char(type >> 8);
    if (hi == 0 && lo >= 'a' && lo <= 'z')
        return std::string(1, lo);
    if (hi == 'v' && lo >= '2' && lo <= '4')
        return std::string{'v', lo}; // stored "2v", spelled v2
    static const char* digits = "0123456789abcdef";
    return std::string("0x") + digits[(type >> 12) & 15] + digits[(type >> 8) & 15] + digits[(type >> 4) & 15] +
           digits[type & 15];
}

std::string nodeName(uint32_t id)
{
    switch (id) {
    case Root: return "Root";
    case Model: return "Model";
    case Mesh: return "Mesh";
    case Hair: return "Hair";
    case BlendShape: return "BlendShape";
    case Skeleton: return "Skeleton";
    case Bone: return "Bone";
    case IKHandle: return "IKHandle";
    case Constraint: return "Constraint";
    case Animation: return "Animation";
    case Curve: return "Curve";
    case CurveModeOverride: return "CurveModeOverride";
    case NotificationTrack: return "NotificationTrack";
    case Material: return "Material";
    case File: return "File";
    case Color: return "Color";
    case Instance: return "Instance";
    case Metadata: return "Metadata";
    default: {
        std::string s;
        for (int i = 0; i < 4; ++i) {
            const char c = char(id >> (8 * i));
            s += (c >= 0x20 && c < 0x7F) ? c : '?';
        }
        return "'" + s + "'";
    }
    }
}

double Property::number(size_t i) const
{
    const size_t size = elementSize(type) / componentsOf(type);
    const uint8_t* p = bytes().data() + i * size;
    switch (type) {
    case Byte: return *p;
    case Short: return load<uint16_t>(p);
    case Int32: return load<uint32_t>(p);
    case Int64: return double(load<uint64_t>(p));
    case Double: return load<double>(p);
    default: return load<float>(p); // f, v2, v3, v4
    }
}

uint64_t Property::integer(size_t i) const
{
    const uint8_t* p = bytes().data() + i * elementSize(type);
    switch (type) {
    case Byte: return *p;
    case Short: return load<uint16_t>(p);
    case Int32: return load<uint32_t>(p);
    case Int64: return load<uint64_t>(p);
    default: return uint64_t(number(i));
    }
}

std::string Property::text() const
{
    if (type != String || data.empty())
        return {};
    return std::string(reinterpret_cast<const char*>(data.data()), data.size() - 1);
}

Property Property::ofString(std::string name, std::string_view value)
{
    Property p;
    p.type = String;
    p.name = std::move(name);
    p.count = 1;
    p.data.assign(value.begin(), value.end());
    p.data.push_back(0);
    return p;
}

Property Property::ofFloats(std::string name, uint16_t type, std::span<const float> values)
{
    Property p;
    p.type = type;
    p.name = std::move(name);
    p.count = uint32_t(values.size() / componentsOf(type));
    p.data.resize(values.size() * 4);
    std::memcpy(p.data.data(), values.data(), p.data.size());
    return p;
}

Property Property::ofIntegers(std::string name, uint16_t type, std::span<const uint64_t> values)
{
    Property p;
    p.type = type;
    p.name = std::move(name);
    p.count = uint32_t(values.size());
    const size_t size = elementSize(type);
    p.data.resize(values.size() * size);
    putIntegers(values, size, p.data.data());
    return p;
}

void putIntegers(std::span<const uint64_t> values, size_t size, uint8_t* out)
{
    auto narrow = [&]<class U>(U) {
        for (size_t i = 0; i < values.size(); ++i) {
            const U v = U(values[i]);
            std::memcpy(out + i * sizeof(U), &v, sizeof(U)); // little-endian, like every platform here
        }
    };
    switch (size) {
    case 1: narrow(uint8_t{}); break;
    case 2: narrow(uint16_t{}); break;
    case 4: narrow(uint32_t{}); break;
    default:
        for (size_t i = 0; i < values.size(); ++i)
            for (size_t b = 0; b < size; ++b)
                out[i * size + b] = uint8_t(values[i] >> (8 * b));
    }
}

const Property* Node::prop(std::string_view name) const
{
    for (const Property& p : props)
        if (p.name == name)
            return &p;
    return nullptr;
}

Property* Node::prop(std::string_view name)
{
    for (Property& p : props)
        if (p.name == name)
            return &p;
    return nullptr;
}

void Node::set(Property p)
{
    if (Property* old = prop(p.name))
        *old = std::move(p);
    else
        props.push_back(std::move(p));
}

std::string Node::text(std::string_view name, std::string fallback) const
{
    const Property* p = prop(name);
    return p && p->type == String ? p->text() : fallback;
}

Tree parse(std::span<const uint8_t> bytes)
{
    ByteReader r(bytes);
    Tree f;
    const FileHeader head = readFileHeader(r, bytes.size());
    f.version = head.version;
    f.flags = head.flags;
    const uint32_t rootCount = head.rootCount;
    f.roots.reserve(rootCount);
    for (uint32_t i = 0; i < rootCount; ++i) {
        const size_t at = r.pos();
        f.roots.push_back(readNode(r, bytes.size(), 0, false));
        if (f.roots.back().id != Root)
            r.failAt(at, "top-level node " + std::to_string(i) + " is a " + nodeName(f.roots.back().id) +
                             " node, not a Root node");
    }
    const auto trailing = r.rest();
    f.trailing.assign(trailing.begin(), trailing.end());
    return f;
}

FileHeader readFileHeader(ByteReader& r, uint64_t fileSize)
{
    FileHeader h;
    if (r.u32("magic") != Magic)
        r.failAt(0, "not a Cast file: the magic is not 'cast'");
    h.version = r.u32("version");
    if (h.version != 1)
        r.failAt(4, "unsupported Cast version " + std::to_string(h.version) + " (only version 1 is defined)");
    h.rootCount = r.u32("root node count");
    h.flags = r.u32("flags");
    if (h.rootCount > (fileSize - HeaderSize) / NodeHeaderSize)
        r.failAt(8, "root node count " + std::to_string(h.rootCount) + " is larger than the file can hold (" +
                        std::to_string(fileSize - HeaderSize) + " bytes left)");
    return h;
}

NodeHeader readNodeHeader(ByteReader& r, uint64_t at, uint64_t end)
{
    NodeHeader h;
    h.id = r.u32("node id");
    h.size = r.u32("node size");
    h.hash = r.u64("node hash");
    h.propCount = r.u32("property count");
    h.childCount = r.u32("child count");
    if (h.size < NodeHeaderSize || h.size > end - at)
        throw ParseError(nodeName(h.id) + " node size " + std::to_string(h.size) + " does not fit between byte " +
                             std::to_string(at) + " and the end of its parent at byte " + std::to_string(end),
                         at + 4);
    return h;
}

Node parseNodeViews(std::span<const uint8_t> bytes)
{
    ByteReader r(bytes);
    return readNode(r, bytes.size(), 0, true);
}

std::vector<Property> parseProperties(std::span<const uint8_t> bytes, uint32_t count)
{
    ByteReader r(bytes);
    std::vector<Property> props;
    for (uint32_t i = 0; i < count; ++i)
        props.push_back(readProperty(r, false));
    if (r.remaining() != 0)
        r.fail("the properties end before their node says");
    return props;
}

void keepBytes(Node& n)
{
    for (Property& p : n.props)
        if (!p.view.empty()) {
            p.data.assign(p.view.begin(), p.view.end());
            p.view = {};
        }
    for (Node& c : n.children)
        keepBytes(c);
}

uint64_t serializedSize(const Node& n)
{
    uint64_t size = NodeHeaderSize + n.slack.size();
    for (const Property& p : n.props)
        size += PropertyHeaderSize + p.name.size() + valueSize(p);
    for (const Node& c : n.children)
        size += serializedSize(c);
    return size;
}

void serializeTo(const Tree& f, ByteWriter& w, const FillBytes& fill)
{
    w.u32(Magic);
    w.u32(f.version);
    w.u32(uint32_t(f.roots.size()));
    w.u32(f.flags);
    for (const Node& n : f.roots)
        writeNode(w, n, fill);
    w.bytes(f.trailing);
}

std::vector<uint8_t> serialize(const Tree& f)
{
    ByteWriter w;
    serializeTo(f, w);
    return w.take();
}

} // namespace bonescope::cast
