#include "render/skinning.h"

#include "core/model/bone_name_index.h"

namespace bonescope::render {

std::vector<int> matchBones(const Skeleton& meshSkeleton, const Skeleton& poseSkeleton)
{
    std::vector<int> out(meshSkeleton.size(), -1);
    const BoneNameIndex pose(poseSkeleton);
    for (size_t i = 0; i < meshSkeleton.size(); ++i)
        out[i] = pose.findLoose(meshSkeleton.bones[i].name);
    return out;
}

void meshJointWorld(const Skeleton& meshSkeleton, const std::vector<int>& poseBoneOfMeshBone, const Pose& pose,
                    std::vector<glm::mat4>& out)
{
    const size_t n = meshSkeleton.size();
    out.resize(n);
    // Parents first: our glTF reader keeps the file's node order, where a child may come before its
    // parent (RobotExpressive's FootL_1 before FootL). Parents that form a cycle have no such order:
    // then the file's order, a parent not yet computed taken as a root.
    std::vector<int> order;
    if (auto parentsFirst = meshSkeleton.evaluationOrder())
        order = std::move(*parentsFirst);
    else
        for (size_t i = 0; i < n; ++i)
            order.push_back(int(i));
    std::vector<uint8_t> done(n, 0);
    for (const int i : order) {
        const int p = size_t(i) < poseBoneOfMeshBone.size() ? poseBoneOfMeshBone[size_t(i)] : -1;
        done[size_t(i)] = 1;
        if (p >= 0 && p < int(pose.world.size())) {
            out[size_t(i)] = pose.world[size_t(p)];
            continue;
        }
        const Bone& b = meshSkeleton.bones[size_t(i)];
        const glm::mat4 local(composeTRS(b.restTranslation, b.restRotation, b.restScale));
        const bool parentDone = b.parent >= 0 && size_t(b.parent) < n && done[size_t(b.parent)];
        out[size_t(i)] = parentDone ? out[size_t(b.parent)] * local : local;
    }
}

Mesh withInverseBind(const Mesh& mesh, const Skeleton& skeleton)
{
    Mesh out = mesh;
    if (out.inverseBind.empty()) {
        const auto rest = skeleton.restWorld();
        out.inverseBind.reserve(rest.size());
        for (const glm::dmat4& m : rest)
            out.inverseBind.push_back(glm::mat4(glm::inverse(m)));
    }
    return out;
}

void skinMatrices(const std::vector<glm::mat4>& jointWorld, const Mesh& mesh, std::vector<glm::mat4>& out)
{
    out.resize(jointWorld.size());
    for (size_t j = 0; j < jointWorld.size(); ++j)
        out[j] = j < mesh.inverseBind.size() ? jointWorld[j] * mesh.inverseBind[j] : glm::mat4(1.f);
}

glm::vec3 skinnedPosition(const Mesh& mesh, size_t v, const std::vector<glm::mat4>& skin)
{
    const glm::vec4 p(mesh.positions[v], 1.f);
    if (!mesh.skinned())
        return mesh.positions[v];
    glm::vec4 out(0.f);
    for (int k = 0; k < 4; ++k) {
        const uint32_t j = mesh.joints[v][k];
        const float w = mesh.weights[v][k];
        if (w != 0.f && j < skin.size())
            out += w * (skin[j] * p);
    }
    return glm::vec3(out);
}

} // namespace bonescope::render
