#include "core/model/skeleton.h"

#include <cctype>
#include <stdexcept>

#include <glm/gtc/matrix_transform.hpp>

namespace bonescope {

std::string looseBoneName(std::string_view name)
{
    const size_t cut = name.find_last_of(":|");
    if (cut != std::string_view::npos)
        name.remove_prefix(cut + 1);
    std::string out(name);
    for (char& c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

int Skeleton::find(std::string_view name) const
{
    for (size_t i = 0; i < bones.size(); ++i)
        if (bones[i].name == name)
            return int(i);
    return -1;
}

int Skeleton::findLoose(std::string_view name) const
{
    const int exact = find(name);
    if (exact >= 0)
        return exact;
    const std::string want = looseBoneName(name);
    for (size_t i = 0; i < bones.size(); ++i)
        if (looseBoneName(bones[i].name) == want)
            return int(i);
    return -1;
}

std::vector<int> Skeleton::evaluationOrderOr(const std::string& refusal) const
{
    std::string error;
    auto order = evaluationOrder(&error);
    if (!order)
        throw std::runtime_error(refusal + ": " + error);
    return std::move(*order);
}

std::optional<std::vector<int>> Skeleton::evaluationOrder(std::string* error) const
{
    const int n = int(bones.size());
    // 0 = not visited, 1 = on the current parent chain, 2 = placed
    std::vector<uint8_t> state(bones.size(), 0);
    std::vector<int> order;
    order.reserve(bones.size());
    std::vector<int> chain;
    for (int start = 0; start < n; ++start) {
        // Walk up to the first placed ancestor, then place the chain top-down. Iterative, so a deep
        // hierarchy cannot overflow the stack.
        chain.clear();
        int b = start;
        while (b >= 0 && state[b] != 2) {
            if (state[b] == 1) {
                if (error)
                    *error = "bone '" + bones[b].name + "' is its own ancestor (parent cycle)";
                return std::nullopt;
            }
            state[b] = 1;
            chain.push_back(b);
            const int p = bones[b].parent;
            if (p < -1 || p >= n) {
                if (error)
                    *error = "bone '" + bones[b].name + "' has parent index " + std::to_string(p) +
                             " outside 0.." + std::to_string(n - 1);
                return std::nullopt;
            }
            b = p;
        }
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            state[*it] = 2;
            order.push_back(*it);
        }
    }
    return order;
}

glm::dmat4 composeTRS(const glm::dvec3& t, const glm::dquat& r, const glm::dvec3& s)
{
    glm::dmat4 m = glm::mat4_cast(r);
    m[0] *= s.x;
    m[1] *= s.y;
    m[2] *= s.z;
    m[3] = glm::dvec4(t, 1.0);
    return m;
}

void decomposeTRS(const glm::dmat4& m, glm::dvec3& t, glm::dquat& r, glm::dvec3& s)
{
    const glm::dvec3 c[3] = {glm::dvec3(m[0]), glm::dvec3(m[1]), glm::dvec3(m[2])};
    t = glm::dvec3(m[3]);
    s = glm::dvec3(glm::length(c[0]), glm::length(c[1]), glm::length(c[2]));
    // A mirrored basis keeps a proper rotation by negating one scale axis.
    if (glm::dot(glm::cross(c[0], c[1]), c[2]) < 0)
        s.x = -s.x;
    glm::dmat3 rot(1.0);
    for (int i = 0; i < 3; ++i)
        rot[i] = s[i] != 0 ? c[i] / s[i] : glm::dvec3(i == 0, i == 1, i == 2);
    r = glm::normalize(glm::quat_cast(rot));
}

std::vector<glm::dmat4> Skeleton::restWorld() const
{
    std::vector<glm::dmat4> world(bones.size(), glm::dmat4(1.0));
    const auto order = evaluationOrder();
    if (!order)
        return world;
    for (int i : *order) {
        const Bone& b = bones[i];
        const glm::dmat4 local = composeTRS(b.restTranslation, b.restRotation, b.restScale);
        world[i] = b.parent >= 0 ? world[b.parent] * local : local;
    }
    return world;
}

} // namespace bonescope
