#pragma once
// Files people open by mistake, built from their published layouts: a Windows animated cursor (RIFF
// ACON with an anih header and one icon frame), a text file, a PNG, a zip, Valve's DMX (binary and
// keyvalues2 text). Shared by the formats test and the window's test of the messages they get.
#include <cstdint>
#include <string>
#include <vector>

namespace bonescope::test {

struct LookAlikeFile {
    std::string name;     // the file name it is given (the extension of what it is mistaken for)
    std::vector<uint8_t> bytes;
    std::string says;     // what the message must call it
    std::string notA;     // and what it must say it is not
};

inline void appendLe32(std::vector<uint8_t>& b, uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        b.push_back(uint8_t(v >> (8 * i)));
}
inline void appendText(std::vector<uint8_t>& b, const std::string& s) { b.insert(b.end(), s.begin(), s.end()); }

// A one-frame animated cursor: RIFF "ACON", "anih" (36 bytes: size, frames, steps, width, height,
// bit count, planes, rate in jiffies, flags), then LIST "fram" with one "icon" chunk holding a
// 1x1 32-bit .ico.
inline std::vector<uint8_t> animatedCursor()
{
    std::vector<uint8_t> ico = {0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0};
    std::vector<uint8_t> dib;
    for (uint32_t v : {40u, 1u, 2u}) // header size, width, height (twice: colour and mask)
        appendLe32(dib, v);
    dib.insert(dib.end(), {1, 0, 32, 0}); // planes, bit count
    for (int i = 0; i < 6; ++i)
        appendLe32(dib, 0);
    appendLe32(dib, 0xff336699); // the pixel
    appendLe32(dib, 0);          // the mask row
    appendLe32(ico, uint32_t(dib.size()));
    appendLe32(ico, 22);
    ico.insert(ico.end(), dib.begin(), dib.end());

    std::vector<uint8_t> body;
    appendText(body, "ACON");
    appendText(body, "anih");
    appendLe32(body, 36);
    for (uint32_t v : {36u, 1u, 1u, 0u, 0u, 0u, 0u, 10u, 1u})
        appendLe32(body, v);
    appendText(body, "LIST");
    appendLe32(body, uint32_t(4 + 8 + ico.size()));
    appendText(body, "fram");
    appendText(body, "icon");
    appendLe32(body, uint32_t(ico.size()));
    body.insert(body.end(), ico.begin(), ico.end());
    std::vector<uint8_t> riff;
    appendText(riff, "RIFF");
    appendLe32(riff, uint32_t(body.size()));
    riff.insert(riff.end(), body.begin(), body.end());
    return riff;
}

// A 1x1 PNG (signature, IHDR, IDAT, IEND; the CRCs are not checked by anything here).
inline std::vector<uint8_t> tinyPng()
{
    return {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
            0x1f, 0x15, 0xc4, 0x89, 0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
}

// An empty zip archive's end record after one stored file's local header.
inline std::vector<uint8_t> tinyZip()
{
    std::vector<uint8_t> b = {'P', 'K', 3, 4, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0};
    appendText(b, "a.txt");
    return b;
}

inline std::vector<LookAlikeFile> lookAlikeFiles()
{
    std::vector<LookAlikeFile> files;
    files.push_back({"cursor.ani", animatedCursor(), "a Windows animated cursor", "not a LEGO Island animation"});
    std::vector<uint8_t> text;
    appendText(text, "hello from a text file\nrenamed .anim by mistake\n");
    files.push_back({"notes.anim", text, "a text file (it begins \"hello from a text file\")",
                     "not a Second Life .anim v1.0 file"});
    files.push_back({"picture.anim", tinyPng(), "a PNG image", "not a Second Life .anim v1.0 file"});
    files.push_back({"bundle.seanim", tinyZip(), "a zip archive", "not a SEAnim v1 file"});
    std::vector<uint8_t> binaryDmx;
    appendText(binaryDmx, "<!-- dmx encoding binary 5 format model 22 -->\n");
    binaryDmx.insert(binaryDmx.end(), {0, 1, 0, 0, 0, 0x0a, 0, 0, 0});
    files.push_back({"valve_binary.dmx", binaryDmx, "a Valve DMX file (Source 2 or Source Filmmaker, binary)",
                     "not a Dash Model Exchange 2.0"});
    std::vector<uint8_t> kv2;
    appendText(kv2, "<!-- dmx encoding keyvalues2 1 format model 1 -->\n\"DmElement\"\n{\n\t\"id\" \"elementid\" "
                    "\"e5a1f1d4-0000-0000-0000-000000000000\"\n}\n");
    files.push_back({"valve_text.dmx", kv2, "a Valve DMX file (Source 2 or Source Filmmaker, keyvalues2 text)",
                     "not a Dash Model Exchange 2.0"});
    files.push_back({"nothing.xyz", {}, "an empty file", "not an animation or model Bonescope reads"});
    return files;
}

} // namespace bonescope::test
