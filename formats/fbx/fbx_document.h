#pragma once
// The FBX document tree, binary or ASCII: named nodes holding typed values and child nodes. What a
// node means (a model, a curve, a connection) is read from this tree by fbx_objects.h.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::fbx {

// One value of a node. Binary type codes: Y C I L (integers), F D (numbers), S R (text, bytes),
// i l b (integer arrays), f d (number arrays). ASCII numbers keep both an exact integer (object ids
// are 64-bit) and a number; ASCII bare words (6.x key flags, `Y`/`N`) are text.
struct Value {
    enum class Kind : uint8_t { Integer, Number, Text, IntegerArray, NumberArray };
    Kind kind = Kind::Integer;
    int64_t integer = 0;
    double number = 0;
    std::string text;
    std::vector<int64_t> integers;
    std::vector<double> numbers;

    bool isArray() const { return kind == Kind::IntegerArray || kind == Kind::NumberArray; }
    double asNumber() const;
    int64_t asInteger() const;
    // The values of an array as numbers (an integer array converted); a scalar as one.
    std::vector<double> asNumbers() const;
    std::vector<int64_t> asIntegers() const;
};

struct Node {
    std::string name;
    std::vector<Value> values;
    std::vector<Node> children;
    uint64_t where = 0; // byte offset (binary) or line (ASCII) of the node, for messages

    const Node* child(std::string_view childName) const;
    // The first value as text / number, or `fallback` when there is none.
    std::string textAt(size_t i, std::string_view fallback = "") const;
    double numberAt(size_t i, double fallback = 0) const;
    int64_t integerAt(size_t i, int64_t fallback = 0) const;
};

struct Document {
    uint32_t version = 0; // 6100, 7400, ... (ASCII: from the "; FBX 7.4.0 project file" line or FBXVersion)
    bool binary = false;
    Node root;            // the top-level nodes are its children

    // "line 12" or "byte 345" for a node's `where`.
    std::string place(uint64_t where) const;
};

// Deeper node nesting is refused (real files nest under 10 levels).
constexpr int kMaxDepth = 64;

bool isBinaryFbx(std::span<const uint8_t> bytes);
// The version without parsing: the binary header's, or in ASCII the header block's "FBXVersion:"
// or the "; FBX 6.1.0 project file" comment line's (within the first 8 KB); 0 when none says.
uint32_t versionOf(std::span<const uint8_t> bytes);
// Either kind, by the header. Throws ParseError naming the byte offset (binary) or line (ASCII).
Document parseDocument(std::span<const uint8_t> bytes);
Document parseBinary(std::span<const uint8_t> bytes);
Document parseAscii(std::span<const uint8_t> bytes);

} // namespace bonescope::fbx
