#pragma once
// Dash Model Format data the common model has no place for (textures, materials, per-corner face
// attributes, the files' own index fields and padding), kept so an unedited file saves identically
// and so 1.5 and 2.0 can be converted into each other.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <nlohmann/json.hpp>

#include "core/model/format_extra.h"
#include "formats/parse_error.h"
#include "formats/write_limits.h"

namespace bonescope {

namespace dash {
// The four variants: DMF 1.5 ("DASH" binary or its JSON form) and DMX 2.0 ("DMX" binary or JSON).
enum class Variant : uint8_t { Dmf15, Dmf15Json, Dmx20, Dmx20Json };
inline bool isJson(Variant v) { return v == Variant::Dmf15Json || v == Variant::Dmx20Json; }
inline bool isV2(Variant v) { return v == Variant::Dmx20 || v == Variant::Dmx20Json; }
const char* variantName(Variant v);

constexpr size_t NameBytes = 0x20; // names are char[32]: at most 31 bytes plus the terminator
// What the readers take back, in every variant (the JSON forms hold the binaries' values): finite
// 32-bit floats, names that end at NUL, every animation. Longer names are cut (dash_loss.cpp).
inline WriteLimits writeLimits(Variant v)
{
    WriteLimits l{variantName(v)};
    l.nulTerminatedNames = true;
    l.allAnimations = true;
    l.mesh = true;
    return l;
}
constexpr uint64_t NoOffset = ParseError::NoOffset;

// 1.5 track record bits and 2.0 keyframe types.
constexpr uint16_t PrsPos = 1, PrsRot = 2, PrsScl = 4;
constexpr uint32_t TypePos = 1, TypeRot = 2, TypeScl = 3;
// three.js wrap constants shared by both versions.
constexpr uint32_t WrapRepeat = 1000, WrapClamp = 1001, WrapMirror = 1002;
} // namespace dash

struct DashCorner {
    uint32_t index = 0; // vertex list index
    std::array<uint8_t, 4> color{255, 255, 255, 255};
    std::string colorText; // the JSON colour string as read ("rgba(...)"), reused while it still matches
    glm::vec3 normal{0.f};
    glm::vec2 uv{0.f};
    uint32_t present = ~0u; // JSON: which optional keys the file had (bit 0 colour, 1 normal, 2 uv)
};

struct DashFace {
    uint32_t material = 0;
    uint32_t id = 0;   // 2.0's own index field
    uint32_t pad = 0;  // 1.5: the u16 after mat_id; 2.0: the u32 after the last corner
    std::array<DashCorner, 3> corners;
    uint64_t offset = dash::NoOffset; // where it was read, for error messages
};

struct DashTexture {
    std::string name;
    uint32_t id = 0;
    uint32_t flipY = 1;
    uint32_t width = 0, height = 0;
    uint32_t wrapS = dash::WrapClamp, wrapT = dash::WrapClamp;
    std::vector<uint8_t> data; // the image file (PNG), kept as is
    std::string mime = "image/png";
    std::array<uint8_t, 12> pad{}; // 1.5's trailing bytes
    uint32_t present = ~0u;        // JSON: optional keys the file had (1 flipY, 2 size, 4 wrapS, 8 wrapT)
};

// A material in the representation of the variant it came from (`native`), plus the fields every
// variant shares, used when converting to another representation.
struct DashMaterial {
    std::string name;
    int texture = -1;        // texture index, -1 for none
    glm::vec4 diffuse{1.f};  // rgba 0..1
    dash::Variant source = dash::Variant::Dmf15;
    nlohmann::ordered_json native; // the fields exactly as the source variant holds them
};

// A bone's own fields beside its rest pose.
struct DashBoneRaw {
    int64_t id = 0;            // 1.5 bone_id / 2.0 index as read
    int64_t parentRaw = -1;    // the parent field as read (2.0's root parent may be anything)
    std::array<uint8_t, 12> pad{};
    std::array<float, 16> matrix{}; // 1.5's local matrix as read, column-major
    bool hasMatrix = false;
    // The rest pose the reader produced; while the skeleton still holds it the raw fields are reused.
    glm::dvec3 t{0.0};
    glm::dquat r{1.0, 0.0, 0.0, 0.0};
    glm::dvec3 s{1.0};
    uint32_t present = ~0u; // 2.0 JSON: 1 parentIndex, 2 position, 4 rotation, 8 scale
};

struct DashExtra : FormatExtra {
    dash::Variant variant = dash::Variant::Dmf15;
    // Binary header fields.
    uint32_t versionMajor = 1, versionMinor = 5;
    uint32_t headerOffset = 0x10; // 1.5 attribute table offset
    uint32_t isSkinned = 0;       // 2.0 header flag as read
    std::array<uint32_t, 6> labels{};  // each row's label as read (either case)
    std::array<uint32_t, 6> rowFlags{}; // 1.5 flags / 2.0 length, as read
    bool headerRead = false;

    std::vector<DashTexture> textures;
    std::vector<DashMaterial> materials;
    std::vector<DashFace> faces;
    std::vector<DashBoneRaw> bones;
    std::vector<glm::ivec4> skinIndex;   // per vertex, as read (1.5 may hold -1)
    std::vector<uint32_t> vertexIds;     // 2.0 per-vertex index field
    std::vector<uint8_t> vertexPresent;  // 2.0 JSON: 1 skinIndex, 2 skinWeight present
    nlohmann::ordered_json jsonRest = nlohmann::ordered_json::object(); // top-level keys not modelled
    std::string verticesKey = "vertices"; // 1.5 JSON spelling as read (upstream also uses "verterices")
    bool singleAnimation = false;         // 2.0 JSON: "animation" was one object, not an array

    std::unique_ptr<FormatExtra> clone() const override { return std::make_unique<DashExtra>(*this); }
    void toJson(nlohmann::json& out) const override;
};

// One 1.5 track record: one time, any of the three channels (flags), the unused slots kept.
struct DashRecord15 {
    int32_t bone = 0;
    uint16_t flags = 0;
    double time = 0;
    std::array<double, 3> pos{0, 0, 0};
    std::array<double, 4> rot{0, 0, 0, 1};
    std::array<double, 3> scl{1, 1, 1};
    uint64_t offset = dash::NoOffset;
};

// One 2.0 keyframe: one channel (type) of one bone.
struct DashKey20 {
    uint32_t index = 0;
    uint32_t bone = 0;
    uint32_t type = dash::TypePos;
    double time = 0;
    std::array<double, 4> value{0, 0, 0, 0};
    bool hasW = true; // JSON: "w" present
    uint64_t offset = dash::NoOffset;
};

// An animation's records as the file stored them: order, unused slots, index fields.
struct DashAnimExtra : FormatExtra {
    bool v2 = false;
    int64_t id = 0;
    uint32_t fpsRaw = 0; // 1.5's fps field as read (0 is kept; playback uses 30)
    std::vector<DashRecord15> records;
    std::vector<DashKey20> keyframes;

    std::unique_ptr<FormatExtra> clone() const override { return std::make_unique<DashAnimExtra>(*this); }
    void toJson(nlohmann::json& out) const override;
};

} // namespace bonescope
