#include "formats/data_uri.h"

namespace bonescope {

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

} // namespace bonescope
