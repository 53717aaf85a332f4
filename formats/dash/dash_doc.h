#pragma once
// A Dash file as its four codecs see it, between bytes/JSON and the Scene: the binary and JSON readers
// fill a DashDoc, toScene() turns it into the common model; fromScene() builds one for a writer.
#include <string>
#include <vector>

#include "core/model/scene.h"
#include "formats/dash/dash_extra.h"
#include "formats/data_uri.h"

namespace bonescope::dash {

struct DocAnimation {
    std::string name;
    double duration = 0;
    DashAnimExtra raw; // records (1.5) or keyframes (2.0), id and fps fields
};

struct DashDoc {
    DashExtra file;   // variant, header, textures, materials, faces, raw bone and vertex fields
    Skeleton skeleton; // names, parents (array positions), rest TRS
    std::vector<glm::vec3> positions;
    std::vector<glm::vec4> weights;
    uint64_t vertexBase = NoOffset; // binary: offset of vertex 0, for error messages
    size_t vertexSize = 0;
    std::vector<DocAnimation> animations;
};

// Checks indices and the hierarchy, builds mesh and tracks (keys sorted by time). Throws ParseError.
Scene toScene(DashDoc doc, const std::string& formatId);
// The document a writer serialises for `target`, reusing the file's own records while they still
// describe the scene. Throws WriteError.
DashDoc fromScene(const Scene& scene, Variant target);
// What fromScene(scene, target) changes or drops, one message each.
std::vector<std::string> dashLoss(const Scene& scene, Variant target);

// The frame rate an animation plays at: 1.5's fps field, else 30.
double playbackFps(const DashAnimExtra& raw);

// The parent a bone's raw field names (-1 root): 1.5 uses -1; 2.0 ignores the first bone's field and
// takes 0xFFFFFFFF as "none". Range is checked by the caller.
int decodeParent(int64_t raw, size_t index, bool v2);

// 1.5 local matrices <-> rest TRS.
void decomposeMatrix(const std::array<float, 16>& m, glm::dvec3& t, glm::dquat& r, glm::dvec3& s);
std::array<float, 16> composeMatrix(const glm::dvec3& t, const glm::dquat& r, const glm::dvec3& s);

// Colours as JSON strings: "rgb(r, g, b)" or "rgba(r, g, b, a)" with a in 0..1.
bool parseColor(const std::string& text, std::array<uint8_t, 4>& out);
std::string formatColor(const std::array<uint8_t, 4>& c, bool alwaysAlpha);
// Texture payloads in JSON: "data:MIME;base64,..." (formats/data_uri.h).
using bonescope::decodeDataUri;
using bonescope::encodeDataUri;

// Name fields are char[32]; longer names are cut when writing (and reported as a loss).
std::string fitName(const std::string& name);

} // namespace bonescope::dash
