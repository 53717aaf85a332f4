#include "formats/look_alike.h"

#include <algorithm>
#include <cstring>
#include <string_view>

#include "formats/format.h"
#include "formats/text_encoding.h"

namespace bonescope {

namespace {

bool startsWith(std::span<const uint8_t> b, std::string_view s, size_t at = 0)
{
    return b.size() >= at + s.size() && std::memcmp(b.data() + at, s.data(), s.size()) == 0;
}


// RIFF containers say what they hold in bytes 8-11.
std::optional<LookAlike> riff(std::span<const uint8_t> b)
{
    if (startsWith(b, "ACON", 8))
        return LookAlike{"a Windows animated cursor (.ani)",
                         "Windows cursors and LEGO Island animations share the .ani extension; Bonescope reads only "
                         "the game's. Open a LEGO Island .ani taken from the game's files."};
    if (startsWith(b, "WAVE", 8))
        return LookAlike{"a WAV sound", "Open an animation file instead."};
    if (startsWith(b, "AVI ", 8))
        return LookAlike{"an AVI video", "Open an animation file instead."};
    if (startsWith(b, "WEBP", 8))
        return LookAlike{"a WebP image", "Open an animation file instead."};
    return LookAlike{"a RIFF file (sound, video or cursor)", "Open an animation file instead."};
}

std::optional<LookAlike> image(std::span<const uint8_t> b)
{
    const char* kind = nullptr;
    if (startsWith(b, "\x89PNG\r\n\x1a\n"))
        kind = "a PNG image";
    else if (startsWith(b, "\xff\xd8\xff"))
        kind = "a JPEG image";
    else if (startsWith(b, "GIF87a") || startsWith(b, "GIF89a"))
        kind = "a GIF image";
    else if (startsWith(b, "BM") && b.size() >= 14 && startsWith(b, std::string_view("\0\0\0\0", 4), 6))
        kind = "a BMP image"; // the two reserved words after the size are zero
    else if (startsWith(b, "DDS |"))
        kind = "a DDS texture";
    else if (startsWith(b, std::string_view("\0\0\1\0", 4)) || startsWith(b, std::string_view("\0\0\2\0", 4)))
        kind = b[2] == 1 ? "a Windows icon (.ico)" : "a Windows cursor (.cur)";
    else if (b.size() >= 26 && startsWith(b.subspan(b.size() - 18), std::string_view("TRUEVISION-XFILE.\0", 18)))
        kind = "a TGA image"; // only TGA 2.0 files end with this footer; older ones have no signature
    if (!kind)
        return std::nullopt;
    return LookAlike{kind, "Bonescope opens animations and models, not pictures; a texture is loaded with the model that uses it."};
}

std::optional<LookAlike> archive(std::span<const uint8_t> b)
{
    const char* kind = nullptr;
    if (startsWith(b, "PK\3\4") || startsWith(b, "PK\5\6"))
        kind = "a zip archive";
    else if (startsWith(b, "7z\xbc\xaf\x27\x1c"))
        kind = "a 7-Zip archive";
    else if (startsWith(b, "Rar!\x1a\x07"))
        kind = "a RAR archive";
    else if (startsWith(b, "\x1f\x8b"))
        kind = "a gzip-compressed file";
    else if (startsWith(b, "BZh") && b.size() > 3 && b[3] >= '1' && b[3] <= '9')
        kind = "a bzip2-compressed file";
    else if (startsWith(b, std::string_view("\xfd" "7zXZ\0", 6)))
        kind = "an xz-compressed file";
    else if (startsWith(b, "\x28\xb5\x2f\xfd"))
        kind = "a Zstandard-compressed file";
    if (!kind)
        return std::nullopt;
    return LookAlike{kind, "Extract the files it holds with an archive tool, then open the animation among them."};
}

std::optional<LookAlike> program(std::span<const uint8_t> b)
{
    const char* kind = nullptr;
    if (startsWith(b, "MZ"))
        kind = "a Windows program or library (.exe, .dll)";
    else if (startsWith(b, "\x7f" "ELF"))
        kind = "a Linux program or library";
    else if (startsWith(b, "\xfe\xed\xfa\xce") || startsWith(b, "\xfe\xed\xfa\xcf") || startsWith(b, "\xce\xfa\xed\xfe") ||
             startsWith(b, "\xcf\xfa\xed\xfe"))
        kind = "a macOS program or library";
    if (!kind)
        return std::nullopt;
    return LookAlike{kind, "Open an animation file instead."};
}

// Other programs' scenes and Valve's DMX (not Dash's .dmx, which starts with "DMX" or "{").
std::optional<LookAlike> scene(std::span<const uint8_t> b)
{
    if (startsWith(b, "<!-- dmx encoding binary"))
        return LookAlike{"a Valve DMX file (Source 2 or Source Filmmaker, binary)",
                         "Bonescope reads Dash's .dmx, not Valve's. Export the animation as SMD (Source Filmmaker, or "
                         "Blender Source Tools) and open that."};
    if (startsWith(b, "<!-- dmx encoding"))
        return LookAlike{"a Valve DMX file (Source 2 or Source Filmmaker, keyvalues2 text)",
                         "Bonescope reads Dash's .dmx, not Valve's. Export the animation as SMD (Source Filmmaker, or "
                         "Blender Source Tools) and open that."};
    if (startsWith(b, "BLENDER"))
        return LookAlike{"a Blender scene (.blend)", "In Blender, File > Export as FBX, glTF or BVH, and open that."};
    if (startsWith(b, "//Maya ASCII"))
        return LookAlike{"a Maya scene (.ma)", "In Maya, export the animation as FBX, and open that."};
    if ((startsWith(b, "FOR4") || startsWith(b, "FOR8")) && (startsWith(b, "Maya", 8) || startsWith(b, "Maya", 12)))
        return LookAlike{"a Maya scene (.mb)", "In Maya, export the animation as FBX, and open that."};
    if (startsWith(b, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"))
        return LookAlike{"a 3ds Max scene (.max) or another Windows compound file (an old Office document)",
                         "In 3ds Max, export the animation as FBX, and open that."};
    if (startsWith(b, "%PDF-"))
        return LookAlike{"a PDF document", "Open an animation file instead."};
    return std::nullopt;
}

// The first line of a text, short and printable, to show the user which file this is.
std::string firstLine(std::string_view text)
{
    text = text.substr(0, text.find_first_of("\r\n"));
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    std::string line(text.substr(0, 40));
    while (!line.empty() && !isValidUtf8(line)) // cut inside a character
        line.pop_back();
    return line.size() < text.size() ? line + "..." : line;
}

std::optional<LookAlike> text(std::span<const uint8_t> b)
{
    if (startsWith(b, "\xff\xfe") || startsWith(b, "\xfe\xff"))
        return LookAlike{"a text file (UTF-16)", "Open an animation file instead.", true};
    std::string_view s(reinterpret_cast<const char*>(b.data()), std::min<size_t>(b.size(), 4096));
    if (s.substr(0, 3) == "\xef\xbb\xbf")
        s.remove_prefix(3);
    size_t control = 0;
    for (unsigned char c : s) {
        if (c == 0)
            return std::nullopt;
        control += c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f';
    }
    std::string head(s);
    for (int cut = 0; cut < 4 && !isValidUtf8(head) && !head.empty(); ++cut) // a character cut at 4096
        head.pop_back();
    if (s.empty() || control * 100 > s.size() || !isValidUtf8(head))
        return std::nullopt;
    const std::string line = firstLine(s);
    const char first = head.find_first_not_of(" \t\r\n") == std::string::npos ? '\0' : head[head.find_first_not_of(" \t\r\n")];
    const std::string kind = first == '{' || first == '[' ? "a JSON text file" : first == '<' ? "an XML or HTML text file" : "a text file";
    return LookAlike{kind + (line.empty() ? std::string() : " (it begins \"" + line + "\")"),
                     "Of text files, Bonescope reads BVH, SMD and Dash JSON; open the animation itself.", true};
}

} // namespace

std::optional<LookAlike> lookAlike(std::span<const uint8_t> b)
{
    if (b.empty())
        return LookAlike{"an empty file (0 bytes)", "It may not have finished downloading or copying; get the file again."};
    if (std::all_of(b.begin(), b.end(), [](uint8_t c) { return c == 0; }))
        return LookAlike{"a file of zero bytes only", "It may not have finished downloading or copying; get the file again."};
    if (startsWith(b, "RIFF") && b.size() >= 12)
        return riff(b);
    for (auto kind : {image, archive, program, scene, text})
        if (auto found = kind(b))
            return found;
    return std::nullopt;
}

std::string lookAlikeMessage(const LookAlike& seen, const Format* expected)
{
    std::string wanted = "an animation or model Bonescope reads";
    if (expected) {
        const std::string name = expected->displayName();
        wanted = "a " + name + (name.ends_with("animation") ? "" : " file");
    }
    return "this is " + seen.what + ", not " + wanted + ". " + seen.advice;
}

std::optional<LookAlike> lookAlikeInstead(std::span<const uint8_t> bytes, const Format* expected, bool refusedAtStart)
{
    auto seen = lookAlike(bytes);
    if (!seen || !seen->plainText || !expected)
        return seen;
    // A few letters are as likely the start of a file cut short ("SEAn"): its reader says where.
    constexpr size_t kTextEnough = 16;
    if (bytes.size() < kTextEnough)
        return std::nullopt;
    const std::string id = expected->id();
    // Dash's .dmf and .dmx come as JSON too, under the same extensions.
    const bool readsText = id == "bvh" || id == "smd" || id.starts_with("dash") || id.starts_with("dmx");
    return readsText && !refusedAtStart ? std::nullopt : seen;
}

} // namespace bonescope
