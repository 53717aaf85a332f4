#pragma once
// A bone hierarchy with its rest (bind) pose, local to each parent.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace bonescope {

// What a bone is for, whatever the source: viewers draw helpers as markers rather than as limbs, and
// hide them unless asked.
enum class BoneKind : uint8_t {
    Bone = 0,            // a limb of the skeleton (the default)
    CollisionVolume = 1, // a helper shape attached to a bone (Second Life collision volumes)
    AttachmentPoint = 2, // a helper point where objects attach (Second Life attachment points, mScreen)
    Extension = 3,       // an optional limb (Second Life Bento: face, fingers, wings, tail, hind limbs):
                         // a real bone, drawn when an animation moves it or when asked for
    // Scene nodes that are not joints (glTF, FBX, COLLADA): drawn as what they are, never as a limb,
    // and left out of the figure's bounds.
    Camera = 4,          // a node holding a camera
    Light = 5,           // a node holding a light
    Empty = 6,           // a transform only: a container above the skeleton, a mesh holder, a locator
};
constexpr int kBoneKindCount = 7;

struct Bone {
    std::string name;
    int parent = -1; // index into Skeleton::bones, -1 for a root
    glm::dvec3 restTranslation{0.0};
    glm::dquat restRotation{1.0, 0.0, 0.0, 0.0};
    glm::dvec3 restScale{1.0};
    uint32_t flags = 0; // the source's own bone flags, kept
    BoneKind kind = BoneKind::Bone;
    bool isHelper() const { return kind == BoneKind::CollisionVolume || kind == BoneKind::AttachmentPoint; }
    bool isSceneNode() const { return kind == BoneKind::Camera || kind == BoneKind::Light || kind == BoneKind::Empty; }
};

struct Skeleton {
    std::vector<Bone> bones;

    bool empty() const { return bones.empty(); }
    size_t size() const { return bones.size(); }

    int find(std::string_view name) const; // exact name, -1 if absent
    // Case-insensitive, ignoring namespace prefixes such as "mixamorig:" or "Armature|".
    int findLoose(std::string_view name) const;

    // Parent-before-child order of all bones, or nullopt (with `error` set) when a parent index is
    // out of range or the parents form a cycle.
    std::optional<std::vector<int>> evaluationOrder(std::string* error = nullptr) const;
    // The same order, or std::runtime_error "<refusal>: <what is wrong>" for a broken skeleton (the
    // refusal names the job and the file: "cannot retarget: the source skeleton is broken").
    std::vector<int> evaluationOrderOr(const std::string& refusal) const;

    // World matrix of every bone in the rest pose.
    std::vector<glm::dmat4> restWorld() const;
};

// The name with any namespace prefix (up to the last ':' or '|') removed, lower-cased.
std::string looseBoneName(std::string_view name);

// Local matrix from translation, rotation, scale (scale first, then rotate, then translate).
glm::dmat4 composeTRS(const glm::dvec3& t, const glm::dquat& r, const glm::dvec3& s);
// The inverse of composeTRS for a matrix without shear; a mirrored basis negates the x scale.
void decomposeTRS(const glm::dmat4& m, glm::dvec3& t, glm::dquat& r, glm::dvec3& s);

} // namespace bonescope
