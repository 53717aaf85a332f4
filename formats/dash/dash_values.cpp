// Value conversions shared by the Dash codecs: matrices, colour strings, data URIs, name fields.
#include <cmath>
#include <cstdio>

#include <glm/gtc/matrix_access.hpp>

#include "formats/dash/dash_doc.h"

namespace bonescope::dash {

void decomposeMatrix(const std::array<float, 16>& m, glm::dvec3& t, glm::dquat& r, glm::dvec3& s)
{
    glm::dmat4 d;
    for (int c = 0; c < 4; ++c)
        for (int row = 0; row < 4; ++row)
            d[c][row] = m[c * 4 + row];
    decomposeTRS(d, t, r, s);
}

std::array<float, 16> composeMatrix(const glm::dvec3& t, const glm::dquat& r, const glm::dvec3& s)
{
    const glm::dmat4 m = composeTRS(t, r, s);
    std::array<float, 16> out;
    for (int c = 0; c < 4; ++c)
        for (int row = 0; row < 4; ++row)
            out[c * 4 + row] = float(m[c][row]);
    return out;
}

bool parseColor(const std::string& text, std::array<uint8_t, 4>& out)
{
    double v[4] = {0, 0, 0, 1};
    int n = 0;
    char tail = 0;
    if (std::sscanf(text.c_str(), " rgba ( %lf , %lf , %lf , %lf ) %c", &v[0], &v[1], &v[2], &v[3], &tail) == 4)
        n = 4;
    else if (std::sscanf(text.c_str(), " rgb ( %lf , %lf , %lf ) %c", &v[0], &v[1], &v[2], &tail) == 3)
        n = 3;
    else
        return false;
    for (int i = 0; i < 3; ++i)
        if (!(v[i] >= 0 && v[i] <= 255))
            return false;
    if (!(v[3] >= 0 && v[3] <= 1))
        return false;
    for (int i = 0; i < 3; ++i)
        out[i] = uint8_t(std::lround(v[i]));
    out[3] = uint8_t(std::lround(v[3] * 255));
    return n >= 3;
}

std::string formatColor(const std::array<uint8_t, 4>& c, bool alwaysAlpha)
{
    char buf[64];
    if (alwaysAlpha || c[3] != 255)
        std::snprintf(buf, sizeof buf, "rgba(%d, %d, %d, %.6g)", c[0], c[1], c[2], c[3] / 255.0);
    else
        std::snprintf(buf, sizeof buf, "rgb(%d, %d, %d)", c[0], c[1], c[2]);
    return buf;
}

std::string fitName(const std::string& name)
{
    return name.size() <= NameBytes ? name : name.substr(0, NameBytes - 1);
}

} // namespace bonescope::dash
