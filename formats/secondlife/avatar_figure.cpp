#include "formats/secondlife/avatar_figure.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>
#include <string>

#include <glm/gtc/matrix_inverse.hpp>
#include <glm/mat3x3.hpp>

#include "formats/secondlife/avatar_figure_data.h"
#include "formats/secondlife/avatar_skeleton.h"

namespace bonescope::secondlife {

namespace {

constexpr int kRings = 10, kSegments = 16;
constexpr float kFingerRadius = 0.009f, kThumbRadius = 0.011f;

// World matrices of the avatar's rest pose with each joint's offset moved by `delta`.
std::vector<glm::mat4> restWorldWith(const std::vector<glm::vec3>& delta)
{
    const Skeleton& sk = avatarSkeleton();
    std::vector<glm::mat4> world(sk.size());
    for (size_t i = 0; i < sk.size(); ++i) {
        const Bone& b = sk.bones[i];
        const glm::mat4 local(composeTRS(b.restTranslation + glm::dvec3(delta[i]), b.restRotation, b.restScale));
        world[i] = b.parent >= 0 ? world[b.parent] * local : local; // parents come first
    }
    return world;
}

// What a shape changes, per avatar joint.
struct ShapeChanges {
    std::vector<glm::vec3> scale, offset; // bones: scale (from 1) and position; volumes: half-axes and position
};

ShapeChanges shapeChanges(std::optional<AvatarShape> shape)
{
    const size_t n = avatarSkeleton().size();
    ShapeChanges c{std::vector<glm::vec3>(n, glm::vec3(0.f)), std::vector<glm::vec3>(n, glm::vec3(0.f))};
    const ShapeDelta* deltas = shape == AvatarShape::Male ? kMaleDeltas : kFemaleDeltas;
    const size_t count = !shape ? 0 : shape == AvatarShape::Male ? kMaleDeltaCount : kFemaleDeltaCount;
    for (size_t i = 0; i < count; ++i) {
        const int j = findAvatarJoint(deltas[i].joint);
        if (j < 0)
            continue; // every name is the skeleton's (the figure test checks); kept safe regardless
        c.scale[j] += glm::vec3(deltas[i].scale[0], deltas[i].scale[1], deltas[i].scale[2]);
        c.offset[j] += glm::vec3(deltas[i].offset[0], deltas[i].offset[1], deltas[i].offset[2]);
    }
    return c;
}

bool isVolume(int joint) { return kAvatarJoints[joint].kind == uint8_t(JointKind::Volume); }

// A bone's scale in the shape (collision volumes carry half-axis changes instead, and no scale).
glm::vec3 boneScale(const ShapeChanges& c, int joint)
{
    return joint < 0 || isVolume(joint) ? glm::vec3(1.f) : glm::vec3(1.f) + c.scale[joint];
}

// A joint's offset from its parent moves by its own offset change, then stretches with the parent's
// scale, as the viewer's skeletal distortions do; the pelvis then rises by as much as the legs grew.
std::vector<glm::vec3> offsetDeltas(const ShapeChanges& c)
{
    const Skeleton& sk = avatarSkeleton();
    std::vector<glm::vec3> delta(sk.size(), glm::vec3(0.f));
    for (size_t i = 0; i < sk.size(); ++i) {
        const glm::vec3 rest(sk.bones[i].restTranslation);
        delta[i] = (rest + c.offset[i]) * boneScale(c, sk.bones[i].parent) - rest;
    }
    const int foot = findAvatarJoint("mFootLeft"), pelvis = findAvatarJoint("mPelvis");
    const float defaultHeight = restWorldWith(std::vector<glm::vec3>(sk.size(), glm::vec3(0.f)))[foot][3].z;
    delta[pelvis].z += defaultHeight - restWorldWith(delta)[foot][3].z;
    return delta;
}

// The unit sphere mapped by `frame` (an affine map, no mirror), rigid on `joint`.
void addEllipsoid(Mesh& mesh, const glm::mat4& frame, int joint)
{
    const auto first = uint32_t(mesh.positions.size());
    const glm::mat3 normalMatrix = glm::inverseTranspose(glm::mat3(frame));
    constexpr float kPi = 3.14159265358979f;
    for (int i = 0; i <= kRings; ++i) {
        const float theta = kPi * float(i) / kRings;
        for (int k = 0; k <= kSegments; ++k) {
            const float phi = 2 * kPi * float(k) / kSegments;
            const glm::vec3 unit(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta));
            mesh.positions.push_back(glm::vec3(frame * glm::vec4(unit, 1.f)));
            mesh.normals.push_back(glm::normalize(normalMatrix * unit));
            mesh.joints.push_back(glm::uvec4(uint32_t(joint), 0, 0, 0));
            mesh.weights.push_back(glm::vec4(1.f, 0.f, 0.f, 0.f));
        }
    }
    // Down the rings, then around: counter-clockwise seen from outside.
    for (int i = 0; i < kRings; ++i)
        for (int k = 0; k < kSegments; ++k) {
            const uint32_t a = first + uint32_t(i * (kSegments + 1) + k), b = a + kSegments + 1;
            mesh.indices.insert(mesh.indices.end(), {a, b, b + 1, a, b + 1, a + 1});
        }
}

void addVolumes(Mesh& mesh, const ShapeChanges& c, const std::vector<glm::mat4>& world)
{
    for (size_t i = 0; i < kVolumeSizeCount; ++i) {
        const int v = findAvatarJoint(kVolumeSizes[i].name);
        if (v < 0)
            continue;
        const glm::vec3 size(kVolumeSizes[i].scale[0], kVolumeSizes[i].scale[1], kVolumeSizes[i].scale[2]);
        // The volume grows with its bone's scale, as the body's skin on that bone does.
        const glm::vec3 halfAxes = glm::max((size + c.scale[v]) * boneScale(c, kAvatarJoints[v].parent), glm::vec3(0.005f));
        glm::mat4 frame = world[v];
        for (int a = 0; a < 3; ++a)
            frame[a] *= halfAxes[a];
        addEllipsoid(mesh, frame, v);
    }
}

// One long ellipsoid per finger bone, from its joint to the next (the last one reaches on by three
// quarters of the bone before it): the collision volumes stop at the palm.
void addFingers(Mesh& mesh, const std::vector<glm::mat4>& world)
{
    const Skeleton& sk = avatarSkeleton();
    for (size_t b = 0; b < sk.size(); ++b) {
        const std::string& name = sk.bones[b].name;
        if (name.rfind("mHand", 0) != 0)
            continue;
        const glm::vec3 from(world[b][3]);
        const auto child = std::find_if(sk.bones.begin(), sk.bones.end(), [&](const Bone& x) { return x.parent == int(b); });
        const glm::vec3 parentAt(world[sk.bones[b].parent][3]);
        const glm::vec3 to = child != sk.bones.end() ? glm::vec3(world[child - sk.bones.begin()][3])
                                                     : from + 0.75f * (from - parentAt);
        const float radius = name.find("Thumb") != std::string::npos ? kThumbRadius : kFingerRadius;
        const glm::vec3 axis = to - from;
        const float length = glm::length(axis);
        if (!(length > 1e-5f))
            continue;
        const glm::vec3 u = axis / length;
        const glm::vec3 helper = std::abs(u.z) < 0.9f ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0);
        const glm::vec3 v = glm::normalize(glm::cross(helper, u)), w = glm::cross(u, v);
        glm::mat4 frame(1.f);
        frame[0] = glm::vec4(v * radius, 0.f);
        frame[1] = glm::vec4(w * radius, 0.f);
        frame[2] = glm::vec4(u * (0.5f * length + 0.6f * radius), 0.f);
        frame[3] = glm::vec4(0.5f * (from + to), 1.f);
        addEllipsoid(mesh, frame, int(b));
    }
}

// Smooth normals from the triangles, for a prop whose file has none.
std::vector<glm::vec3> vertexNormals(const Mesh& m)
{
    std::vector<glm::vec3> n(m.positions.size(), glm::vec3(0.f));
    for (size_t t = 0; t + 2 < m.indices.size(); t += 3) {
        const uint32_t a = m.indices[t], b = m.indices[t + 1], c = m.indices[t + 2];
        const glm::vec3 face = glm::cross(m.positions[b] - m.positions[a], m.positions[c] - m.positions[a]);
        n[a] += face;
        n[b] += face;
        n[c] += face;
    }
    for (glm::vec3& x : n)
        x = glm::length(x) > 0 ? glm::normalize(x) : glm::vec3(0, 0, 1);
    return n;
}

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& ch : out)
        ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

} // namespace

AvatarFigure buildAvatarFigure(std::optional<AvatarShape> shape)
{
    const ShapeChanges changes = shapeChanges(shape);
    AvatarFigure f;
    f.offsetDelta = offsetDeltas(changes);
    f.restWorld = restWorldWith(f.offsetDelta);
    if (shape) {
        addVolumes(f.mesh, changes, f.restWorld);
        addFingers(f.mesh, f.restWorld);
    }
    f.mesh.singleSidedIndices = uint32_t(f.mesh.indices.size()); // closed shapes: back faces never show
    for (const glm::mat4& m : f.restWorld)
        f.mesh.inverseBind.push_back(glm::inverse(m));
    return f;
}

void figureJointWorld(const AvatarFigure& figure, const std::vector<int>& poseBone, const Pose& pose,
                      const std::vector<uint8_t>& positioned, std::vector<glm::mat4>& out)
{
    const Skeleton& sk = avatarSkeleton();
    const int pelvis = findAvatarJoint("mPelvis");
    out.resize(sk.size());
    auto matched = [&](int i) {
        const int p = i >= 0 && size_t(i) < poseBone.size() ? poseBone[i] : -1;
        return p < int(pose.world.size()) ? p : -1;
    };
    for (size_t i = 0; i < sk.size(); ++i) {
        const Bone& b = sk.bones[i];
        const int p = matched(int(i)), pp = matched(b.parent);
        glm::mat4 local;
        if (p >= 0 && (b.parent < 0 || pp >= 0)) // the pose's own offset and turn from the parent
            local = b.parent < 0 ? pose.world[p] : glm::inverse(pose.world[pp]) * pose.world[p];
        else
            local = glm::mat4(composeTRS(b.restTranslation, b.restRotation, b.restScale));
        if (int(i) == pelvis || i >= positioned.size() || !positioned[i])
            local[3] += glm::vec4(figure.offsetDelta[i], 0.f); // in the parent's frame
        out[i] = b.parent >= 0 ? out[b.parent] * local : local;
    }
}

void attachProp(AvatarFigure& figure, int attachment, const Mesh& prop, const Skeleton& propSkeleton, UpAxis propUp)
{
    const Skeleton& sk = avatarSkeleton();
    if (attachment < 0 || attachment >= int(sk.size()) || sk.bones[attachment].kind != BoneKind::AttachmentPoint)
        throw std::invalid_argument("not an attachment point of the avatar");
    if (prop.indices.size() < 3)
        throw std::invalid_argument("the prop has no triangles");

    // The prop's rest pose: each vertex where its skinning puts it with the skeleton at rest.
    std::vector<glm::mat4> skin;
    if (prop.skinned()) {
        const auto rest = propSkeleton.restWorld();
        for (size_t j = 0; j < rest.size(); ++j)
            skin.push_back(glm::mat4(rest[j]) * (j < prop.inverseBind.size() ? prop.inverseBind[j]
                                                                             : glm::mat4(glm::inverse(rest[j]))));
    }
    const std::vector<glm::vec3> normals = prop.normals.size() == prop.positions.size() ? prop.normals : vertexNormals(prop);
    const AxisConversion toZUp = AxisConversion::upAxis(propUp, UpAxis::Z);
    const glm::mat4 place = figure.restWorld[attachment];
    const glm::mat3 placeNormals = glm::inverseTranspose(glm::mat3(place));
    const auto first = uint32_t(figure.mesh.positions.size());
    for (size_t v = 0; v < prop.positions.size(); ++v) {
        glm::vec4 p(prop.positions[v], 1.f), n(normals[v], 0.f);
        if (!skin.empty()) {
            glm::vec4 sp(0.f), sn(0.f);
            for (int k = 0; k < 4; ++k)
                if (prop.weights[v][k] != 0.f && prop.joints[v][k] < skin.size()) {
                    sp += prop.weights[v][k] * (skin[prop.joints[v][k]] * p);
                    sn += prop.weights[v][k] * (skin[prop.joints[v][k]] * n);
                }
            if (sp.w > 0) { // weights that sum to nothing leave the vertex where the file has it
                p = sp / sp.w;
                n = sn;
            }
        }
        figure.mesh.positions.push_back(glm::vec3(place * glm::vec4(glm::vec3(toZUp.point(glm::dvec3(p))), 1.f)));
        const glm::vec3 normal = placeNormals * glm::vec3(toZUp.direction(glm::dvec3(n)));
        figure.mesh.normals.push_back(glm::length(normal) > 0 ? glm::normalize(normal) : glm::vec3(0, 0, 1));
        figure.mesh.joints.push_back(glm::uvec4(uint32_t(attachment), 0, 0, 0));
        figure.mesh.weights.push_back(glm::vec4(1.f, 0.f, 0.f, 0.f));
    }
    for (size_t i = 0; i + 2 < prop.indices.size(); i += 3) {
        const uint32_t* t = &prop.indices[i];
        if (t[0] < prop.positions.size() && t[1] < prop.positions.size() && t[2] < prop.positions.size())
            figure.mesh.indices.insert(figure.mesh.indices.end(), {first + t[0], first + t[1], first + t[2]});
    }
}

std::optional<AvatarShape> avatarShapeNamed(std::string_view name)
{
    const std::string n = lower(name);
    if (n == "female")
        return AvatarShape::Female;
    if (n == "male")
        return AvatarShape::Male;
    return std::nullopt;
}

std::vector<int> bodyAttachmentPoints()
{
    const Skeleton& sk = avatarSkeleton();
    const int screen = findAvatarJoint("mScreen");
    std::vector<int> out;
    for (size_t i = 0; i < sk.size(); ++i)
        if (kAvatarJoints[i].kind == uint8_t(JointKind::Attachment) && sk.bones[i].parent != screen)
            out.push_back(int(i));
    return out;
}

int findBodyAttachmentPoint(std::string_view name)
{
    const std::vector<int> points = bodyAttachmentPoints();
    for (int p : points)
        if (avatarSkeleton().bones[p].name == name)
            return p;
    const std::string want = lower(name);
    for (int p : points)
        if (lower(avatarSkeleton().bones[p].name) == want)
            return p;
    return -1;
}

bool carriesAvatarBones(const Skeleton& skeleton)
{
    for (size_t i = 0; i < kAvatarJointCount; ++i)
        if (kAvatarJoints[i].kind == uint8_t(JointKind::Bone) && skeleton.find(kAvatarJoints[i].name) < 0)
            return false;
    return true;
}

} // namespace bonescope::secondlife
