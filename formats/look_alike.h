#pragma once
// Files people open by mistake: a Windows cursor named .ani, a text file renamed .anim, a picture,
// an archive, a Valve DMX where a Dash .dmx was expected, a Blender or Maya scene. When no format
// reads a file, its first bytes are matched against these so that the message says what the file
// seems to be and what to do, instead of quoting a format's header field.
#include <optional>
#include <span>
#include <string>

namespace bonescope {

class Format;

struct LookAlike {
    std::string what;   // "a Windows animated cursor (.ani)": with its article, in a user's words
    std::string advice; // what to do instead, one sentence, naming no command-line option
    bool plainText = false; // only "a text file": says nothing where a text format was expected
};

// What `bytes` (the whole file, or as much of its start as is at hand) seem to be; nothing when
// they look like none of the kinds above (a damaged animation, most likely).
std::optional<LookAlike> lookAlike(std::span<const uint8_t> bytes);

// The sentence for a file that is `seen` where `expected` (nullptr: any format) was wanted:
// "this is a Windows animated cursor (.ani), not a LEGO Island animation. <advice>".
std::string lookAlikeMessage(const LookAlike& seen, const Format* expected);

// The look-alike worth telling when `expected` (nullptr: none, chosen by neither content nor
// extension) could not read `bytes`: none for a plain text file where a text format (BVH, SMD, Dash
// JSON) was expected, as that format's own reader names the line that is wrong, unless the reader
// refused its very first word (`refusedAtStart`: a README named .bvh is not a BVH at all); none for a
// few bytes of text either (the start of a file cut short).
std::optional<LookAlike> lookAlikeInstead(std::span<const uint8_t> bytes, const Format* expected, bool refusedAtStart = false);

} // namespace bonescope
