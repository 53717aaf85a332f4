#include <charconv>
#include <cmath>

#include "formats/fixed_number.h"
#include "formats/smd/smd_write.h"
#include "formats/text_encoding.h"

namespace bonescope::smd {

std::string nodeLine(int id, const std::string& name, int parentId)
{
    // studiomdl reads the name up to the next quote and has no escapes: no quote or line break inside.
    std::string n = validUtf8(name);
    for (char& c : n)
        if (c == '"' || c == '\n' || c == '\r' || c == '\0')
            c = '_';
    if (n.empty())
        n = "bone" + std::to_string(id);
    return std::to_string(id) + " \"" + n + "\" " + std::to_string(parentId);
}

std::string skeletonLine(int id, const glm::dvec3& p, const glm::dvec3& r)
{
    std::string s = std::to_string(id);
    for (const glm::dvec3* v : {&p, &r})
        for (int i = 0; i < 3; ++i) {
            s += ' ';
            appendFixed(s, (*v)[i], 6);
        }
    return s;
}

glm::dvec3 asWritten(const glm::dvec3& v)
{
    glm::dvec3 out;
    for (int i = 0; i < 3; ++i) {
        std::string s;
        appendFixed(s, v[i], 6);
        std::from_chars(s.data(), s.data() + s.size(), out[i]);
    }
    return out;
}

glm::dvec3 positionAt(const Track& t, const Bone& bone, size_t f)
{
    if (t.translation.empty())
        return bone.restTranslation;
    return t.translation.keys.value(std::min(f, t.translation.size() - 1));
}

glm::dquat rotationAt(const Track& t, const Bone& bone, size_t f)
{
    if (t.rotation.empty())
        return bone.restRotation;
    return t.rotation.keys.value(std::min(f, t.rotation.size() - 1));
}

bool samePosition(const glm::dvec3& a, const glm::dvec3& b)
{
    for (int i = 0; i < 3; ++i)
        if (std::abs(a[i] - b[i]) > 1e-9 * std::max(1.0, std::abs(a[i])))
            return false;
    return true;
}

bool sameRotation(const glm::dquat& a, const glm::dquat& b)
{
    return 1.0 - std::abs(glm::dot(glm::normalize(a), glm::normalize(b))) <= 1e-14;
}

} // namespace bonescope::smd
