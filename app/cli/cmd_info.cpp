// `info FILE`: a human summary. Uses Format::summarize, which for large files counts keys without
// holding them.
#include <iomanip>

#include "app/cli/cli.h"
#include "formats/file_io.h"
#include "formats/format.h"
#include "formats/parse_error.h"

namespace bonescope::cli {

int cmdInfo(const Args& a, Io io)
{
    if (a.positional.size() != 1)
        return usageError(io, "info takes one FILE");
    const std::string& path = a.positional[0];
    FileSummary s;
    try {
        const FileBytes file = FileBytes::open(path);
        const Format& f = requireFormat(file.bytes(), path);
        s = namingFile(path, [&] { return f.summarizeFrom(file.bytes(), path); });
        s.format = f.displayName() + " (" + f.id() + ")";
    } catch (const std::exception& e) {
        io.err << e.what() << "\n";
        return Invalid;
    }

    std::ostream& o = io.out;
    o << "file:       " << path << "\n";
    o << "format:     " << s.format << "\n";
    for (const std::string& d : s.details)
        o << "  " << d << "\n";
    if (s.skeletonBones)
        o << "skeleton:   " << s.skeletonBones << " bones\n";
    if (s.meshVertices)
        o << "mesh:       " << s.meshVertices << " vertices\n";
    for (size_t i = 0; i < s.animations.size(); ++i) {
        const AnimationSummary& an = s.animations[i];
        size_t t = 0, r = 0, sc = 0, v = 0;
        for (const TrackSummary& ts : an.tracks) {
            t += ts.translation;
            r += ts.rotation;
            sc += ts.scale;
            v += ts.visibility;
        }
        o << "animation " << i;
        if (!an.name.empty())
            o << " '" << an.name << "'";
        o << ":\n";
        o << "  frames:   " << an.frames << " at " << an.fps << " fps";
        if (an.fpsFromKeys)
            o << " (derived from the key spacing: the file has no frame rate; key times are kept)";
        o << "\n";
        o << "  duration: " << an.duration << " s" << (an.looping ? " (looping)" : "") << "\n";
        o << "  bones:    " << an.tracks.size() << " animated\n";
        o << "  keys:     translation " << t << ", rotation " << r << ", scale " << sc;
        if (v)
            o << ", visibility " << v;
        o << "\n";
        o << "  notes:    " << an.notes << "\n";
        if (!an.tracks.empty() && an.tracks.size() <= 64) {
            o << "  " << std::left << std::setw(32) << "bone" << "   loc   rot scale\n";
            for (const TrackSummary& ts : an.tracks)
                o << "  " << std::left << std::setw(32) << ts.name << std::right << std::setw(6)
                  << ts.translation << std::setw(6) << ts.rotation << std::setw(6) << ts.scale
                  << (ts.flags & 1 ? "  cosmetic" : "") << "\n";
        }
    }
    return Ok;
}

} // namespace bonescope::cli
