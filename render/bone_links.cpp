#include "render/bone_links.h"

#include <algorithm>

#include <glm/geometric.hpp>

namespace bonescope::render {

std::vector<glm::vec3> restOffsets(const Skeleton& skeleton)
{
    std::vector<glm::vec3> out;
    out.reserve(skeleton.size());
    for (const Bone& b : skeleton.bones)
        out.push_back(glm::vec3(b.restTranslation));
    return out;
}

bool offRest(const glm::vec3& rest, const glm::vec3& offset, float tolerance)
{
    const float length = glm::length(rest);
    return length > 0 && glm::distance(rest, offset) > tolerance * length;
}

std::vector<uint8_t> movedInFrame(const std::vector<glm::vec3>& restOffset, const std::vector<BoneTransform>& local)
{
    std::vector<uint8_t> moved(restOffset.size(), 0);
    for (size_t i = 0; i < restOffset.size() && i < local.size(); ++i)
        moved[i] = offRest(restOffset[i], local[i].translation, kConnectedInFrame);
    return moved;
}

std::vector<uint8_t> relationshipLinks(const std::vector<int>& parents, const std::vector<uint8_t>& moved,
                                       const std::vector<uint8_t>& drawn)
{
    const size_t n = parents.size();
    auto isDrawn = [&](int b) { return b >= 0 && size_t(b) < n && (drawn.empty() || (size_t(b) < drawn.size() && drawn[b])); };
    auto isMoved = [&](size_t b) { return b < moved.size() && moved[b]; };
    // Roots (drawn joints whose parent is not) that have a moved child: all their children are lines.
    std::vector<uint8_t> loose(n, 0);
    for (size_t i = 0; i < n; ++i) {
        const int p = parents[i];
        if (isDrawn(int(i)) && isDrawn(p) && !isDrawn(parents[size_t(p)]) && isMoved(i))
            loose[size_t(p)] = 1;
    }
    std::vector<uint8_t> links(n, 0);
    for (size_t i = 0; i < n; ++i) {
        const int p = parents[i];
        links[i] = p >= 0 && size_t(p) < n && (isMoved(i) || loose[size_t(p)]);
    }
    return links;
}

std::vector<int> shownParents(const std::vector<int>& parents, const std::vector<uint8_t>& hidden)
{
    const size_t n = parents.size();
    auto isHidden = [&](int b) { return size_t(b) < hidden.size() && hidden[size_t(b)]; };
    std::vector<int> out(n, -1);
    for (size_t i = 0; i < n; ++i) {
        int p = parents[i];
        // At most n steps: a parent list with a cycle (never a valid skeleton) cannot hang the view.
        for (size_t steps = 0; p >= 0 && size_t(p) < n && isHidden(p) && steps < n; ++steps)
            p = parents[size_t(p)];
        out[i] = p >= 0 && size_t(p) < n && !isHidden(p) ? p : -1;
    }
    return out;
}

std::vector<uint8_t> throughHidden(const std::vector<int>& parents, const std::vector<int>& shownParent,
                                   const std::vector<uint8_t>& flag)
{
    const size_t n = std::min(parents.size(), shownParent.size());
    auto isSet = [&](int b) { return size_t(b) < flag.size() && flag[size_t(b)]; };
    std::vector<uint8_t> out(n, 0);
    for (size_t i = 0; i < n; ++i) {
        bool set = isSet(int(i));
        int p = shownParent[i] >= 0 ? parents[i] : -1; // no shown parent: no join to judge
        for (size_t steps = 0; !set && p >= 0 && size_t(p) < n && p != shownParent[i] && steps < n; ++steps) {
            set = isSet(p);
            p = parents[size_t(p)];
        }
        out[i] = set;
    }
    return out;
}

std::vector<uint8_t> findLinks(const std::vector<glm::vec3>& joints, const std::vector<int>& parents,
                               const std::vector<uint8_t>& limb, float typicalLength)
{
    const size_t n = std::min(joints.size(), parents.size());
    std::vector<uint8_t> links(n, 0);
    if (typicalLength <= 0)
        return links;
    auto isLimb = [&](size_t i) { return i >= limb.size() || limb[i]; };
    // Per root: does it have limb children, and are they all far?
    std::vector<uint8_t> hasChild(n, 0), allFar(n, 1);
    for (size_t i = 0; i < n; ++i) {
        const int p = parents[i];
        if (p < 0 || p >= int(n) || parents[p] >= 0 || !isLimb(i))
            continue;
        hasChild[p] = 1;
        if (glm::distance(joints[i], joints[p]) < typicalLength * 4.f)
            allFar[p] = 0;
    }
    for (size_t i = 0; i < n; ++i) {
        const int p = parents[i];
        links[i] = p >= 0 && p < int(n) && hasChild[p] && allFar[p] && isLimb(i);
    }
    return links;
}

} // namespace bonescope::render
