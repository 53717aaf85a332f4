#include "formats/assimp_formats/model_signatures.h"

#include <algorithm>
#include <string_view>

namespace bonescope::signatures {

namespace {

std::string_view text(std::span<const uint8_t> b, size_t max = 4096)
{
    return {reinterpret_cast<const char*>(b.data()), std::min(b.size(), max)};
}

bool startsWith(std::span<const uint8_t> b, std::string_view magic) { return text(b, magic.size()) == magic; }

uint32_t le32(std::span<const uint8_t> b, size_t at)
{
    return b.size() < at + 4 ? 0 : uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 | uint32_t(b[at + 3]) << 24;
}

// The text after leading white space (and a UTF-8 byte order mark).
std::string_view trimmedStart(std::string_view t)
{
    if (t.starts_with("\xEF\xBB\xBF"))
        t.remove_prefix(3);
    const size_t first = t.find_first_not_of(" \t\r\n");
    return first == std::string_view::npos ? std::string_view() : t.substr(first);
}

// The first element of an XML text, past its declaration and comments ("" when there is none).
std::string_view firstElement(std::string_view t)
{
    t = trimmedStart(t);
    while (t.starts_with("<?") || t.starts_with("<!--")) {
        const size_t end = t.find(t.starts_with("<?") ? "?>" : "-->");
        if (end == std::string_view::npos)
            return {};
        t = trimmedStart(t.substr(end + (t.starts_with("<?") ? 2 : 3)));
    }
    return t;
}

} // namespace

std::string md5(std::span<const uint8_t> head)
{
    const std::string_view t = trimmedStart(text(head));
    if (!t.starts_with("MD5Version"))
        return "";
    if (t.find("numCuts") != std::string_view::npos) // a camera path: no joints
        return "";
    return t.find("numFrames") != std::string_view::npos ? "md5anim" : "md5mesh";
}

std::string iqm(std::span<const uint8_t> head)
{
    return startsWith(head, std::string_view("INTERQUAKEMODEL\0", 16)) ? "iqm" : "";
}

std::string directX(std::span<const uint8_t> head)
{
    // "xof 0303txt 0032": magic, major and minor version, the encoding, the float size.
    const std::string_view t = text(head, 16);
    if (t.size() < 16 || !t.starts_with("xof "))
        return "";
    const std::string_view encoding = t.substr(8, 4);
    return encoding == "txt " || encoding == "bin " || encoding == "tzip" || encoding == "bzip" ? "x" : "";
}

std::string milkshape(std::span<const uint8_t> head) { return startsWith(head, "MS3D000000") ? "ms3d" : ""; }

std::string blitz3d(std::span<const uint8_t> head) { return startsWith(head, "BB3D") ? "b3d" : ""; }

std::string pmx(std::span<const uint8_t> head) { return startsWith(head, "PMX ") ? "pmx" : ""; }

std::string ogre(std::span<const uint8_t> head)
{
    // Binary: the header chunk (id 0x1000) holds the serializer's version line.
    if (head.size() >= 2 && head[0] == 0x00 && head[1] == 0x10 && text(head.subspan(2), 17) == "[MeshSerializer_v")
        return "mesh";
    const std::string_view root = firstElement(text(head));
    return root.starts_with("<mesh>") || root.starts_with("<mesh ") ? "mesh.xml" : "";
}

std::string halfLife(std::span<const uint8_t> head)
{
    // Source's models (versions 44-49) and Quake's (IDPO) are other formats Assimp does not read with
    // bones; a GoldSrc model file's textures (xxxT.mdl) start alike and are read as an empty model.
    return startsWith(head, "IDST") && le32(head, 4) == 10 ? "mdl" : "";
}

std::string csm(std::span<const uint8_t> head)
{
    // Sections named "$Name": the header's ($Filename, $Date, ...) may be left out, $Order (the
    // markers) and $Points (their positions per frame) not.
    const std::string_view t = trimmedStart(text(head));
    if (!t.starts_with("$"))
        return "";
    const bool marked = t.find("$Filename") != t.npos || (t.find("$Order") != t.npos && t.find("$Points") != t.npos);
    return marked ? "csm" : "";
}

} // namespace bonescope::signatures
