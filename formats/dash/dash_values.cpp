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

namespace {
const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int sextet(char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}
} // namespace

std::string encodeDataUri(const std::string& mime, const std::vector<uint8_t>& data)
{
    std::string out = "data:" + mime + ";base64,";
    for (size_t i = 0; i < data.size(); i += 3) {
        const uint32_t b = uint32_t(data[i]) << 16 | (i + 1 < data.size() ? uint32_t(data[i + 1]) << 8 : 0) |
                           (i + 2 < data.size() ? data[i + 2] : 0);
        out += kAlphabet[b >> 18 & 63];
        out += kAlphabet[b >> 12 & 63];
        out += i + 1 < data.size() ? kAlphabet[b >> 6 & 63] : '=';
        out += i + 2 < data.size() ? kAlphabet[b & 63] : '=';
    }
    return out;
}

bool decodeDataUri(const std::string& uri, std::string& mime, std::vector<uint8_t>& data)
{
    const std::string marker = ";base64,";
    const size_t comma = uri.find(marker);
    if (uri.rfind("data:", 0) != 0 || comma == std::string::npos)
        return false;
    mime = uri.substr(5, comma - 5);
    data.clear();
    uint32_t acc = 0;
    int bits = 0;
    size_t i = comma + marker.size();
    for (; i < uri.size() && uri[i] != '='; ++i) {
        const int v = sextet(uri[i]);
        if (v < 0)
            return false;
        acc = (acc << 6 | uint32_t(v)) & 0xFFFFFF;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            data.push_back(uint8_t(acc >> bits));
        }
    }
    for (; i < uri.size(); ++i)
        if (uri[i] != '=')
            return false;
    return true;
}

std::string fitName(const std::string& name)
{
    return name.size() <= NameBytes ? name : name.substr(0, NameBytes - 1);
}

} // namespace bonescope::dash
