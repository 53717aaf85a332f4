#include "tests/core/retarget/test_rig.h"

#include <cmath>
#include <map>

#include "core/retarget/rig_frame.h"
#include "core/playback/sampler.h"

namespace bonescope::test {

namespace {

struct Joint {
    std::string role;
    std::string parent;
    glm::dvec3 pos; // world, Y up, facing +Z, left at +X, for a body 1.8 high
};

std::vector<Joint> body(const RigOptions& o)
{
    std::vector<Joint> j;
    j.push_back({"hips", "", {0, 1.0, 0}});
    std::string below = "hips";
    for (int i = 1; i <= o.spineBones; ++i) {
        const std::string name = "spine" + std::to_string(i);
        j.push_back({name, below, {0, 1.0 + 0.45 * i / o.spineBones - 0.45 / o.spineBones, 0.0}});
        below = name;
    }
    // The chest (last spine bone) sits at 1.0 + 0.45 (n-1)/n; neck at 1.5, head 1.62.
    j.push_back({"neck", below, {0, 1.5, 0}});
    j.push_back({"head", "neck", {0, 1.62, 0.02}});
    j.push_back({"headtop", "head", {0, 1.8, 0.02}});
    const double drop = glm::radians(o.armDrop);
    for (int side = 0; side < 2; ++side) {
        const double x = side == 0 ? 1 : -1;
        const std::string s = side == 0 ? "l_" : "r_";
        const glm::dvec3 shoulder(0.18 * x, 1.45, 0);
        const glm::dvec3 along(std::cos(drop) * x, -std::sin(drop), 0);
        j.push_back({s + "clavicle", below, {0.04 * x, 1.43, 0}});
        j.push_back({s + "upperarm", s + "clavicle", shoulder});
        j.push_back({s + "forearm", s + "upperarm", shoulder + along * 0.28});
        j.push_back({s + "hand", s + "forearm", shoulder + along * 0.54});
        j.push_back({s + "finger", s + "hand", shoulder + along * 0.62});
        j.push_back({s + "thigh", "hips", {0.1 * x, 0.95, 0}});
        j.push_back({s + "shin", s + "thigh", {0.1 * x, 0.52 + o.kneeShift, 0.01}});
        j.push_back({s + "foot", s + "shin", {0.1 * x, 0.08, 0}});
        j.push_back({s + "toe", s + "foot", {0.1 * x, 0.0, 0.14}});
    }
    return j;
}

} // namespace

std::string roleName(const RigOptions& o, const std::string& role)
{
    static const std::map<std::string, std::string> mixamo = {
        {"hips", "Hips"},          {"neck", "Neck"},          {"head", "Head"},         {"headtop", "HeadTop_End"},
        {"l_clavicle", "LeftShoulder"}, {"l_upperarm", "LeftArm"}, {"l_forearm", "LeftForeArm"}, {"l_hand", "LeftHand"},
        {"l_finger", "LeftHandMiddle1"}, {"l_thigh", "LeftUpLeg"}, {"l_shin", "LeftLeg"}, {"l_foot", "LeftFoot"},
        {"l_toe", "LeftToeBase"}};
    static const std::map<std::string, std::string> unreal = {
        {"hips", "pelvis"},     {"neck", "neck_01"},    {"head", "head"},         {"headtop", "head_end"},
        {"l_clavicle", "clavicle_l"}, {"l_upperarm", "upperarm_l"}, {"l_forearm", "lowerarm_l"}, {"l_hand", "hand_l"},
        {"l_finger", "middle_01_l"}, {"l_thigh", "thigh_l"}, {"l_shin", "calf_l"}, {"l_foot", "foot_l"}, {"l_toe", "ball_l"}};
    if (o.numbered) {
        // Stable numbers per role: names that say nothing.
        static const std::vector<std::string> order = {"hips", "spine1", "spine2", "spine3", "spine4", "neck", "head", "headtop",
            "l_clavicle", "l_upperarm", "l_forearm", "l_hand", "l_finger", "l_thigh", "l_shin", "l_foot", "l_toe",
            "r_clavicle", "r_upperarm", "r_forearm", "r_hand", "r_finger", "r_thigh", "r_shin", "r_foot", "r_toe"};
        for (size_t i = 0; i < order.size(); ++i)
            if (order[i] == role)
                return o.prefix + "joint_" + std::to_string(i + 1);
    }
    if (role.rfind("spine", 0) == 0) {
        const int i = std::stoi(role.substr(5));
        if (o.unrealNames)
            return o.prefix + "spine_0" + std::to_string(i);
        return o.prefix + (i == 1 ? std::string("Spine") : "Spine" + std::to_string(i - 1));
    }
    const bool right = role.rfind("r_", 0) == 0;
    const std::string key = right ? "l_" + role.substr(2) : role;
    const auto& table = o.unrealNames ? unreal : mixamo;
    std::string name = table.at(key);
    if (right) {
        if (o.unrealNames)
            name.back() = 'r';
        else
            name.replace(0, 4, "Right");
    }
    return o.prefix + name;
}

glm::dquat bodyToWorld(const RigOptions& o)
{
    const glm::dquat facing = o.facingMinusZ ? glm::angleAxis(glm::pi<double>(), glm::dvec3(0, 1, 0)) : glm::dquat(1, 0, 0, 0);
    const glm::dquat up = o.zUp ? glm::angleAxis(glm::pi<double>() / 2, glm::dvec3(1, 0, 0)) : glm::dquat(1, 0, 0, 0);
    return up * facing;
}

namespace {
glm::dquat containerTurn() { return glm::angleAxis(-glm::pi<double>() / 2, glm::dvec3(1, 0, 0)); }
} // namespace

Skeleton humanoidRig(const RigOptions& o)
{
    Skeleton s;
    const double k = o.height / 1.8;
    std::map<std::string, int> index;
    std::map<std::string, glm::dquat> worldRotation;
    std::map<std::string, glm::dvec3> worldPosition;
    const glm::dquat facing = bodyToWorld(o);
    int container = -1;
    if (o.container) {
        Bone c;
        c.name = o.prefix + "Armature";
        c.restRotation = containerTurn();
        c.restScale = glm::dvec3(o.containerScale);
        s.bones.push_back(c);
        container = 0;
    }
    const auto joints = body(o);
    std::map<std::string, std::string> childOf; // a joint's first child, for its bone direction
    for (const Joint& j : joints)
        if (!j.parent.empty() && !childOf.count(j.parent))
            childOf[j.parent] = j.role;
    std::map<std::string, glm::dvec3> pos;
    for (const Joint& j : joints)
        pos[j.role] = facing * (j.pos * k);
    for (const Joint& j : joints) {
        Bone b;
        b.name = roleName(o, j.role);
        glm::dquat world(1, 0, 0, 0);
        if (o.bonesAlongX && childOf.count(j.role))
            world = rotationBetween({1, 0, 0}, pos[childOf[j.role]] - pos[j.role]);
        else
            world = facing; // the body's frame: bones of a Z-up rig have Z-up axes
        glm::dquat parentRot(1, 0, 0, 0);
        glm::dvec3 parentPos(0);
        double parentScale = 1;
        if (!j.parent.empty()) {
            b.parent = index.at(j.parent);
            parentRot = worldRotation.at(j.parent);
            parentPos = worldPosition.at(j.parent);
        } else if (container >= 0) {
            b.parent = container;
            parentScale = o.containerScale;
        }
        glm::dvec3 p = pos[j.role];
        if (container >= 0 && j.parent.empty()) {
            // World = container * local, so local = turn^-1 * world / scale.
            b.restTranslation = glm::inverse(containerTurn()) * p / parentScale;
            b.restRotation = glm::inverse(containerTurn()) * world;
        } else {
            // Below a scaled container every offset is in its units.
            b.restTranslation = glm::inverse(parentRot) * (p - parentPos) / (container >= 0 ? o.containerScale : 1.0);
            b.restRotation = glm::inverse(parentRot) * world;
        }
        index[j.role] = int(s.bones.size());
        worldRotation[j.role] = world;
        worldPosition[j.role] = p;
        s.bones.push_back(b);
    }
    return s;
}

std::vector<glm::dmat4> worldPose(const Skeleton& s, const Animation& a, double time)
{
    Sampler sampler(a, s);
    std::vector<LocalTransform> local;
    sampler.sampleLocal(time, local);
    std::vector<glm::dmat4> world(s.size());
    const auto order = *s.evaluationOrder();
    for (int b : order) {
        const glm::dmat4 m = composeTRS(local[b].translation, local[b].rotation, local[b].scale);
        world[b] = s.bones[b].parent >= 0 ? world[s.bones[b].parent] * m : m;
    }
    return world;
}

glm::dvec3 jointAt(const std::vector<glm::dmat4>& world, const Skeleton& s, const std::string& name)
{
    const int b = s.find(name);
    if (b < 0)
        throw std::runtime_error("no bone " + name);
    return glm::dvec3(world[b][3]);
}

Animation walkClip(const Skeleton& s, const RigOptions& o, double travel)
{
    Animation a;
    a.fps = 30;
    a.duration = 1;
    auto track = [&](const std::string& role) -> Track& {
        Track t;
        t.name = roleName(o, role);
        a.tracks.push_back(t);
        return a.tracks.back();
    };
    auto rest = [&](const std::string& role) { return s.bones[s.find(roleName(o, role))]; };
    // World-space swings turned into local keys: every bone rotates about a world axis relative to
    // its rest, so that any rig's conventions give the same motion.
    const std::vector<std::pair<std::string, glm::dvec3>> swings = {
        {"l_thigh", {1, 0, 0}}, {"r_thigh", {-1, 0, 0}}, {"l_shin", {1, 0, 0}}, {"r_shin", {1, 0, 0}},
        {"l_upperarm", {0, 0, 1}}, {"r_upperarm", {0, 0, -1}}, {"l_forearm", {0, 1, 0}}, {"r_forearm", {0, -1, 0}},
        {"spine1", {1, 0, 0}}, {"neck", {0, 1, 0}}, {"l_hand", {1, 0, 0}}, {"l_foot", {1, 0, 0}}};
    for (const auto& [role, axis] : swings) {
        const Bone& b = rest(role);
        Track& t = track(role);
        for (int f = 0; f <= 30; ++f) {
            const double time = f / 30.0;
            const double angle = glm::radians(35.0) * std::sin(2 * glm::pi<double>() * time + axis.x);
            // A rotation about the bone's own rest-local version of `axis`, after its rest.
            t.rotation.keys.push_back({time, b.restRotation * glm::angleAxis(angle, glm::normalize(axis))});
        }
    }
    const Bone& hips = rest("hips");
    Track& h = track("hips");
    for (int f = 0; f <= 30; ++f) {
        const double time = f / 30.0;
        // Forward and a bob up and down, in the body's frame, then the world's.
        glm::dvec3 worldMove = bodyToWorld(o) * (glm::dvec3(0, 0.03 * std::sin(4 * glm::pi<double>() * time), travel * time) * (o.height / 1.8));
        // Into the hips' parent space (the container turns and scales).
        glm::dvec3 local = worldMove;
        if (o.container)
            local = glm::inverse(containerTurn()) * worldMove / o.containerScale;
        h.translation.keys.push_back({time, hips.restTranslation + local});
        h.rotation.keys.push_back({time, hips.restRotation * glm::angleAxis(glm::radians(8.0) * std::sin(2 * glm::pi<double>() * time),
                                                                             glm::dvec3(0, 1, 0))});
    }
    return a;
}

double angleDegrees(const glm::dvec3& a, const glm::dvec3& b)
{
    const double c = glm::dot(glm::normalize(a), glm::normalize(b));
    return glm::degrees(std::acos(std::clamp(c, -1.0, 1.0)));
}

} // namespace bonescope::test
