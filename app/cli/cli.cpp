#include "app/cli/cli.h"

#include <charconv>
#include <cmath>
#include <set>
#include <sstream>

#include "core/playback/layering.h"
#include "formats/registry.h"

namespace bonescope::cli {

namespace {

// Options that take a value; every other "--x" is a flag.
const std::set<std::string> kValueOptions = {"--time", "--skeleton", "--format", "--animation", "--target",
                                             "--to", "--out-dir", "--bone-map", "--frame", "--fps", "--scale",
                                             "--up", "--tolerance", "--max-memory", "--base", "--base-weight",
                                             "--preview-while", "--retarget-mode", "--root-motion", "--source-pose",
                                             "--target-pose", "--smd-flavour",
                                             // edit
                                             "--priority", "--joint-priority", "--loop", "--ease-in", "--ease-out",
                                             "--hand-pose", "--time-scale", "--trim", "--drop-joints",
                                             "--freeze-joints", "--offset", "--mirror-axis", "--mirror-pairs",
                                             "--summary", "--close-loop",
                                             // diff
                                             "--within",
                                             // key reduction (convert and edit)
                                             "--max-error", "--units",
                                             // split, merge
                                             "--at", "--range", "--out"};

// Every numeric option and the values it takes, checked before any command runs: a value outside
// these ranges (or NaN, or infinity) would make the work, or its memory, unbounded.
struct NumericOption {
    const char* name;
    double min, max;
    const char* unit;
};
const NumericOption kNumericOptions[] = {
    {"--fps", 0.01, 1000, "frames per second"},
    {"--scale", 1e-6, 1e6, ""},
    {"--tolerance", 0, 1e6, ""},
    {"--time", -1e9, 1e9, "seconds"},
    {"--base-weight", kMinBaseWeight, kMaxBaseWeight, ""},
    {"--time-scale", 0.001, 1000, ""},
    {"--ease-in", 0, 60, "seconds"},
    {"--ease-out", 0, 60, "seconds"},
};

std::string number(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

// Exit 2 naming the allowed range for the first option whose value is outside it.
int checkOptionValues(const Args& a, Io io)
{
    for (const NumericOption& o : kNumericOptions) {
        double v = 0;
        if (a.has(o.name) && !(parseNumber(a.get(o.name), v) && v >= o.min && v <= o.max))
            return usageError(io, std::string(o.name) + " takes a number from " + number(o.min) + " to " +
                                      number(o.max) + (*o.unit ? std::string(" ") + o.unit : "") + ", not '" +
                                      a.get(o.name) + "'");
    }
    if (a.has("--base-weight") && !a.has("--base"))
        return usageError(io, "--base-weight needs --base");
    if (a.has("--preview-while") && a.has("--base"))
        return usageError(io, "--preview-while and --base are two ways to play on a base: give one");
    if (a.has("--animation") && animationIndex(a.get("--animation")) == BadIndex)
        return usageError(io, "--animation takes an index from 0 to " + std::to_string(kMaxAnimationIndex) +
                                  " or a name, not '" + a.get("--animation") + "'");
    if (a.has("--max-memory") && !parseByteSize(a.get("--max-memory")))
        return usageError(io, "--max-memory takes a size from 1M to 1024G (bytes, or with K, M, G), not '" +
                                  a.get("--max-memory") + "'");
    return Ok;
}

const char* kUsage = R"(bonescope-cli - read, check and convert skeletal animation files

Usage:
  bonescope-cli info FILE [--seam]             summary: format, frames, fps, bones, keys, notes; a
                                               looping clip's seam (every clip's with --seam)
  bonescope-cli dump FILE [--animation N|NAME] the whole animation as JSON (docs/dump-json.md)
  bonescope-cli pose FILE --time T [--skeleton MESH] [--animation N|NAME]
        [--base FILE[:ANIMATION]] [--base-weight W] [--preview-while stand|walk|sit|fly|FILE]
                                               sampled local and world transforms as JSON
  bonescope-cli convert IN OUT [--format NAME] write OUT (format from its extension unless given)
        [--fps N] [--scale S] [--up y|z] [--tolerance T] [--skeleton RIG] [--bone-map MAP]
        [--max-memory SIZE] [--base FILE[:ANIMATION]] [--base-weight W] [--mirror]
                                               bake, rescale, re-axis, reduce keys, retarget
                                               (docs/conversion.md); what OUT cannot hold is reported
        [--retarget-mode match-pose|keep-rest] [--root-motion keep|in-place|extract]
        [--leg-ik] [--arm-ik] [--foot-lock] [--source-pose frame:N|FILE] [--target-pose frame:N|FILE]
        [--json]                               with --skeleton: how the motion is carried onto RIG
                                               and the per-limb error of the result
                                               (docs/retargeting.md); a source whose rest pose
                                               does not stand is matched from its frame 0 (said
                                               so) unless --source-pose is given
        [--optimize]                           .anim OUT: strip static joints, reduce keys within
                                               --tolerance T degrees / T cm (default 0.1); sizes shown
        [--target secondlife]                  .bvh OUT: the BVH the Second Life uploader expects
        [--reduce-keys [--max-error MM] [--units m|cm|mm|in] [--curves]]
                                               leave out keys while every joint's virtual points
                                               (3 cm out along its axes) stay within MM (default
                                               0.1) through the hierarchy; keys, bytes and the
                                               largest error shown; not for BVH, SMD, PSA (every
                                               frame stored); units: the file's, where its format
                                               states none (default: cm); --curves: glTF OUT, the
                                               kept keys on fitted cubic curves, far fewer of them
                                               (docs/key-reduction.md)
        [--smd-flavour source|goldsrc]         .smd OUT: weighted vertices (Source, the default) or
                                               one bone per vertex (GoldSrc); a file of several
                                               animations is written as OUT-<animation>.smd each
  bonescope-cli convert --to FORMAT --out-dir DIR [--overwrite] [--json] [options] FILE_OR_FOLDER...
                                               convert many files on every core, keep going past
                                               bad ones, summary at the end (--json: as JSON)
  bonescope-cli validate [--target NAME] FILE...
                                               report every problem found in each file
                                               (--target secondlife: the upload rules; a BVH
                                               made for Second Life as the uploader reads it)
  bonescope-cli edit (--in-place | --out-dir DIR [--overwrite]) [--summary csv|markdown] EDITS
        FILE_OR_FOLDER...                      the same edits on many files, on every core, each
                                               written in its own format (docs/cli.md); EDITS:
        [--drop-joints PATTERN] [--freeze-joints PATTERN] [--trim A:B] [--time-scale X]
        [--mirror [--mirror-axis x|y|z] [--mirror-pairs L:R,...]] [--offset X,Y,Z]
        [--root-motion in-place|extract|restore]   the hips' travel removed, moved to a root bone
                                               above them, or put back (docs/retargeting.md)
        [--close-loop N|auto]                  blend the last N frames of each clip towards its
                                               first pose (auto: from the seam); the seam before
                                               and after is reported (docs/cli.md)
        [--reduce-keys [--max-error MM] [--units m|cm|mm|in] [--curves]]   as convert's, last
                                               (docs/key-reduction.md)
        Second Life only: [--priority N] [--joint-priority NAME=N,...] [--loop IN:OUT]
        [--ease-in S] [--ease-out S] [--hand-pose N]
  bonescope-cli split IN --out-dir DIR [--to FORMAT] [--animation N|NAME] [--overwrite]
        [--at FRAMES | --at-notes | --range FIRST:LAST]
                                               one file per clip of IN, or per piece of a clip cut at
                                               frames (30,60) or at its notes, or one range taken out;
                                               written in IN's format, else --to's (docs/cli.md)
  bonescope-cli merge IN... -o OUT [--format NAME] [--overwrite]
                                               the clips of several files in one file of a format
                                               that holds several (Cast, glTF .glb, Dash, PSA)
  bonescope-cli rig FILE [--json]              the humanoid retargeting finds in a rig (hips,
                                               spine, neck, head, arms, legs), or why none
  bonescope-cli diff A B [--skeleton RIG] [--bone-map MAP] [--animation N|NAME] [--within DEG,MM] [--json]
                                               compare two animations at every key and frame: per
                                               bone the largest and mean local and world rotation
                                               difference (degrees) and world position difference
                                               (mm where the formats give units, else file units; %
                                               of the character's height) and the frame where each
                                               is worst, bones in one only, timing; two rigs (RIG,
                                               MAP) by the retargeting limb measure. Exit 0 within
                                               DEG,MM (default 0.01,0.01), 1 different, 2 trouble
                                               (docs/compare.md)
  bonescope-cli formats                        list the supported formats
  bonescope-cli --version                      print the version

FILE may be - to read standard input; anything else that is not a regular file (a folder, a FIFO,
a device) is refused. OUT is replaced atomically (a symlink is written through to its target).
A batch never writes over one of its inputs (but edit --in-place, as asked), nor over a file that
existed before the run unless --overwrite is given (every replaced file is then listed); an
--out-dir inside an input folder is not searched for inputs. Symlinks inside input folders are followed only to files inside that folder.

Option ranges: --fps 0.01 to 1000, --scale 1e-06 to 1e+06, --tolerance 0 to 1e+06, --time -1e+09
to 1e+09 seconds, --animation an index (0 to 1000000) or a name, --max-memory 1M to 1024G,
--base-weight 0 to 2, --time-scale 0.001 to 1000, --ease-in and --ease-out 0 to 60 seconds,
--max-error more than 0 up to 1000 millimetres. A
conversion whose baked keys would need more memory than --max-memory (default 2G) is refused.

--base plays an additive or relative animation on another animation's pose (any file; ANIMATION an
index or a name, else the first) instead of the rest pose, --base-weight times what it adds
(default 1); convert writes the layered result as plain absolute keys (docs/cli.md).

--preview-while plays a Second Life animation over a base motion (stand, walk, sit, fly, shipped
with Bonescope, or a .anim file) as the viewer mixes them: per joint, the higher priority wins; the
JSON says which motion drives each joint (docs/cli.md).

glTF, FBX, COLLADA and the other files Assimp reads (id MD5, IQM, DirectX .x, MilkShape 3D, Blitz3D,
PMX, Ogre mesh, Half-Life MDL, CharacterStudio .csm: `formats` lists them; an .md5mesh plays the
.md5anim beside it, docs/formats/assimp-formats.md) are read in a helper process,
bonescope-import (installed beside bonescope-cli): a file that crashes Assimp or makes it hang ends
in an error naming the file. Its limits, in the environment: BONESCOPE_IMPORT_SECONDS (default 60)
and BONESCOPE_IMPORT_MEMORY_MB (default 4096; 0 for none) (docs/formats/gltf.md). FBX files Assimp
cannot read (6.x, and 7.x files it refuses or crashes on) are read by Bonescope's own FBX reader;
BONESCOPE_FBX_READER=bonescope or =assimp picks one reader for every FBX file (docs/formats/fbx.md).

Exit status: 0 success, 1 an input is invalid (the message names the file and byte offset),
2 wrong usage; diff: 0 within the bounds, 1 different, 2 trouble (a file that does not read,
wrong usage). Errors go to stderr.
)";

int cmdFormats(Io io)
{
    for (const auto& f : Registry::instance().formats()) {
        io.out << f->id() << "\t" << f->displayName() << "\t";
        const auto exts = f->extensions();
        for (size_t i = 0; i < exts.size(); ++i)
            io.out << (i ? " ." : ".") << exts[i];
        const Capabilities c = f->capabilities();
        io.out << "\t" << (c.write ? "read/write" : "read") << "\n";
    }
    return Ok;
}

} // namespace

int usageError(Io io, const std::string& message)
{
    io.err << "bonescope-cli: " << message << "\n(see 'bonescope-cli --help')\n";
    return Usage;
}

bool parseNumber(const std::string& s, double& out)
{
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && p == end && std::isfinite(out);
}

bool parseNumbers(const std::string& s, char sep, std::vector<double>& out)
{
    out.clear();
    size_t start = 0;
    while (true) {
        const size_t at = s.find(sep, start);
        double v = 0;
        if (!parseNumber(s.substr(start, at == std::string::npos ? std::string::npos : at - start), v))
            return false;
        out.push_back(v);
        if (at == std::string::npos)
            return true;
        start = at + 1;
    }
}

int animationIndex(const std::string& s)
{
    long long n = 0;
    const char* end = s.data() + s.size();
    if (auto [p, ec] = std::from_chars(s.data(), end, n); ec == std::errc() && p == end)
        return n >= 0 && n <= kMaxAnimationIndex ? int(n) : BadIndex;
    double d = 0;
    if (parseNumber(s, d) || s == "nan" || s == "inf" || s == "-inf" || s == "-nan")
        return BadIndex; // a number, but not an index (1.5, 1e300)
    return NotAnIndex;
}

std::optional<uint64_t> parseByteSize(const std::string& s)
{
    double v = 0;
    std::string digits = s;
    double unit = 1;
    if (!digits.empty()) {
        switch (digits.back()) {
        case 'K': case 'k': unit = 1024.0; break;
        case 'M': case 'm': unit = 1024.0 * 1024; break;
        case 'G': case 'g': unit = 1024.0 * 1024 * 1024; break;
        }
        if (unit != 1)
            digits.pop_back();
    }
    if (!parseNumber(digits, v))
        return std::nullopt;
    v *= unit;
    if (!(v >= 1024.0 * 1024 && v <= 1024.0 * 1024 * 1024 * 1024))
        return std::nullopt;
    return uint64_t(v);
}

int run(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    Io io{out, err};
    if (argv.empty())
        return usageError(io, "no command given");
    const std::string& command = argv[0];
    if (command == "--help" || command == "-h" || command == "help") {
        out << kUsage;
        return Ok;
    }
    if (command == "--version") {
        out << "bonescope-cli " << BONESCOPE_VERSION << "\n";
        return Ok;
    }
    Args a;
    for (size_t i = 1; i < argv.size(); ++i) {
        const std::string& s = argv[i];
        if (s.size() > 2 && s.rfind("--", 0) == 0) {
            std::string name = s, value;
            const size_t eq = s.find('=');
            if (eq != std::string::npos) {
                name = s.substr(0, eq);
                value = s.substr(eq + 1);
            } else if (kValueOptions.count(s)) {
                if (i + 1 >= argv.size())
                    return usageError(io, s + " needs a value");
                value = argv[++i];
            }
            a.options[name] = value;
        } else {
            a.positional.push_back(s);
        }
    }
    if (const int status = checkOptionValues(a, io); status != Ok)
        return status;
    if (command == "info") return cmdInfo(a, io);
    if (command == "dump") return cmdDump(a, io);
    if (command == "pose") return cmdPose(a, io);
    if (command == "convert") return cmdConvert(a, io);
    if (command == "validate") return cmdValidate(a, io);
    if (command == "edit") return cmdEdit(a, io);
    if (command == "rig") return cmdRig(a, io);
    if (command == "diff") return cmdDiff(a, io);
    if (command == "split") return cmdSplit(a, io);
    if (command == "merge") return cmdMerge(a, io);
    if (command == "formats") return cmdFormats(io);
    return usageError(io, "unknown command '" + command + "'");
}

} // namespace bonescope::cli
