#pragma once
// Cast's generic node tree (github dtzxporter/cast, "File structure"): nodes with an id, a hash,
// typed properties and children. Every property keeps its raw little-endian bytes and every node the
// bytes its declared size holds past its children, so an unedited tree is written back byte for byte.
// The reader parses each node into views of the bytes read (parseNodeViews), decodes what it needs
// straight from them, and then copies only the bytes it must keep (keepBytes).
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope {
class ByteReader;
class ByteWriter;
} // namespace bonescope

namespace bonescope::cast {

enum NodeId : uint32_t {
    Root = 0x746F6F72,
    Model = 0x6C646F6D,
    Mesh = 0x6873656D,
    Hair = 0x72696168,
    BlendShape = 0x68736C62,
    Skeleton = 0x6C656B73,
    Bone = 0x656E6F62,
    IKHandle = 0x64686B69,
    Constraint = 0x74736E63,
    Animation = 0x6D696E61,
    Curve = 0x76727563,
    CurveModeOverride = 0x564F4D43,
    NotificationTrack = 0x6669746E,
    Material = 0x6C74616D,
    File = 0x656C6966,
    Color = 0x726C6F63,
    Instance = 0x74736E69,
    Metadata = 0x6174656D,
};

// The id as a little-endian u16: Byte is stored "b\0", Vector2 "2v" (the C++ constant 'v2').
enum PropType : uint16_t {
    Byte = 'b',
    Short = 'h',
    Int32 = 'i',
    Int64 = 'l',
    Float = 'f',
    Double = 'd',
    String = 's',
    Vec2 = 0x7632,
    Vec3 = 0x7633,
    Vec4 = 0x7634,
};

constexpr uint32_t Magic = 0x74736163; // "cast"
constexpr size_t HeaderSize = 16, NodeHeaderSize = 24, PropertyHeaderSize = 8;
constexpr int MaxDepth = 64; // deeper trees than any Cast scene uses are refused rather than recursed into

// Bytes per element, 0 for strings (NUL-terminated) and unknown types.
size_t elementSize(uint16_t type);
size_t componentsOf(uint16_t type); // 2, 3, 4 for vectors, else 1
std::string typeName(uint16_t type);  // "b", "v3", ...
std::string nodeName(uint32_t id);    // "Model", or the four id characters for an unknown node

struct Property {
    uint16_t type = Byte;
    std::string name;
    uint32_t count = 0;          // elements (vectors count once); 1 for a string
    std::vector<uint8_t> data;   // the elements' bytes as stored
    uint64_t offset = 0;         // where the property header was read (for error messages)
    // In a node from parseNodeViews: the elements' bytes in the parsed buffer, instead of `data`.
    std::span<const uint8_t> view;

    std::span<const uint8_t> bytes() const { return view.empty() ? std::span<const uint8_t>(data) : view; }

    size_t components() const { return size_t(count) * componentsOf(type); }
    // Component i of a numeric property (vectors flattened), widened to double.
    double number(size_t i) const;
    uint64_t integer(size_t i) const; // for b/h/i/l
    std::string text() const;         // a string property's value

    static Property ofString(std::string name, std::string_view value);
    static Property ofFloats(std::string name, uint16_t type, std::span<const float> values);
    static Property ofIntegers(std::string name, uint16_t type, std::span<const uint64_t> values);
};

// Each value's low `size` bytes, little-endian (the file's order), one after another at `out`: the
// elements of an integer property.
void putIntegers(std::span<const uint64_t> values, size_t size, uint8_t* out);

struct Node {
    uint32_t id = Root;
    uint64_t hash = 0;
    std::vector<Property> props;
    std::vector<Node> children;
    std::vector<uint8_t> slack; // bytes the declared size holds past the last child
    uint64_t offset = 0;

    const Property* prop(std::string_view name) const;
    Property* prop(std::string_view name);
    // Replaces the property of that name in place, or appends it.
    void set(Property p);
    std::string text(std::string_view name, std::string fallback = {}) const;
};

struct Tree {
    uint32_t version = 1;
    uint32_t flags = 0;
    std::vector<Node> roots;
    std::vector<uint8_t> trailing; // bytes after the last root node
};

// Throws ParseError naming the byte offset. Memory stays proportional to the input.
Tree parse(std::span<const uint8_t> bytes);
// The file's 16-byte header from the start of `r`: magic and version checked, and the root count
// against a file of `fileSize` bytes.
struct FileHeader {
    uint32_t version = 1, rootCount = 0, flags = 0;
};
FileHeader readFileHeader(ByteReader& r, uint64_t fileSize);
// A node's 24-byte header from `r`, for a node at byte `at` whose parent ends at byte `end`: its
// size is checked to fit there.
struct NodeHeader {
    uint32_t id = 0, size = 0;
    uint64_t hash = 0;
    uint32_t propCount = 0, childCount = 0;
};
NodeHeader readNodeHeader(ByteReader& r, uint64_t at, uint64_t end);
// One node whose bytes are exactly `bytes`, its properties' bytes views into them until keepBytes()
// (pieces of a file read apart: cast_partial.h); and `count` properties that fill `bytes`. Offsets
// are within `bytes`.
Node parseNodeViews(std::span<const uint8_t> bytes);
std::vector<Property> parseProperties(std::span<const uint8_t> bytes, uint32_t count);
// Copies the viewed bytes of the node and its descendants into the properties themselves.
void keepBytes(Node& node);
// Writes the bytes of a numeric property of `node` that holds none although its count says it has
// values (a buffer the reader left out because the model gives it back): count x element size.
using FillBytes = std::function<void(const Node& node, const Property& p, ByteWriter& out)>;
// The file, written to `out` node by node (handed on in pieces when it has a sink). Throws
// std::logic_error for a property without its bytes that `fill` does not give.
void serializeTo(const Tree& tree, ByteWriter& out, const FillBytes& fill = {});
std::vector<uint8_t> serialize(const Tree& tree);
// The node's size in the file, counting properties without their bytes at their count.
uint64_t serializedSize(const Node& node);

} // namespace bonescope::cast
