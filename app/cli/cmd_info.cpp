// `info FILE`: a human summary. Uses Format::summarize, which for large files counts keys without
// holding them.
#include <algorithm>
#include <filesystem>
#include <cmath>
#include <iomanip>
#include <optional>
#include <sstream>

#include "app/cli/cli.h"
#include "app/cli/load.h"
#include "core/editing/loop_seam.h"
#include "formats/file_io.h"
#include "formats/format.h"
#include "formats/parse_error.h"
#include "formats/platform/utf8_path.h"

namespace bonescope::cli {

namespace {

// What the tools that write these formats produce: up to a day of animation, up to 1000 fps. A
// file declaring more is damaged or crafted; `info` says so instead of printing a huge count.
constexpr double kMaxPlausibleDuration = 24 * 3600;
constexpr double kMaxPlausibleFps = 1000;
const char* kOutside = " (outside what any tool writes)";
// Files up to this size are read whole for a looping clip's seam without being asked (--seam).
constexpr uintmax_t kSeamFileBytes = uintmax_t(64) << 20;

bool plausibleDuration(double d) { return std::isfinite(d) && d >= 0 && d <= kMaxPlausibleDuration; }

std::string framesText(const AnimationSummary& an)
{
    if (!plausibleDuration(an.duration))
        return "not counted (the duration is outside what any tool writes)";
    if (an.frames < 0 || double(an.frames) > kMaxPlausibleDuration * kMaxPlausibleFps + 1)
        return std::to_string(an.frames) + kOutside;
    return std::to_string(an.frames);
}

const char* fpsMark(double fps) { return std::isfinite(fps) && fps >= 0 && fps <= kMaxPlausibleFps ? "" : kOutside; }

const char* durationMark(double d) { return plausibleDuration(d) ? "" : kOutside; }

// "seam:     pose 1.2 deg (...); speed jump ... (loop 0.5 s to 2 s)"
std::string seamText(const Animation& a, const Skeleton& skeleton)
{
    const LoopSeam seam = measureSeam(a, skeleton);
    std::ostringstream o;
    o << "seam:     " << describeSeam(seam);
    if (seam.fromLoopRange)
        o << " (loop " << seam.in << " s to " << seam.out << " s)";
    if (!seam.travelBone.empty() && seam.travel > 0)
        o << "; travel " << seam.travel << " (" << seam.travelBone << ") kept out of it";
    return o.str();
}

} // namespace

int cmdInfo(const Args& a, Io io)
{
    if (a.positional.size() != 1)
        return usageError(io, "info takes one FILE");
    const std::string path = inputName(a.positional[0]);
    FileSummary s;
    try {
        const LoadedSummary loaded = summarizeInput(a.positional[0]);
        s = loaded.summary;
        s.format = loaded.format->displayName() + " (" + loaded.format->id() + ")";
    } catch (const std::exception& e) {
        io.err << e.what() << "\n";
        return Invalid;
    }

    // The seams need the keys: the file is read whole only when a clip loops and the file is not big
    // (info reads big files without holding their keys), or when --seam asks.
    std::optional<LoadedScene> whole;
    std::error_code ec;
    const bool small = a.positional[0] != "-" && std::filesystem::file_size(platform::utf8Path(a.positional[0]), ec) <= kSeamFileBytes;
    const bool seams = a.has("--seam") || (small && std::any_of(s.animations.begin(), s.animations.end(),
                                                                [](const AnimationSummary& an) { return an.looping; }));
    if (seams && a.positional[0] != "-") {
        std::ostringstream quiet;
        whole = load(a.positional[0], {quiet, quiet});
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
        o << "  frames:   " << framesText(an) << " at " << an.fps << " fps" << fpsMark(an.fps);
        if (an.fpsFromKeys)
            o << " (derived from the key spacing: the file has no frame rate; key times are kept)";
        o << "\n";
        o << "  duration: " << an.duration << " s" << (an.looping ? " (looping)" : "") << durationMark(an.duration)
          << "\n";
        if (whole && i < whole->scene.animations.size() && (an.looping || a.has("--seam")))
            o << "  " << seamText(whole->scene.animations[i], whole->scene.skeleton) << "\n";
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
