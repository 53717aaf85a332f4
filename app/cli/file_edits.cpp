#include "app/cli/file_edits.h"

#include "app/cli/reduce_option.h"
#include "app/cli/report_words.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "core/playback/binding.h"
#include "core/editing/bone_edits.h"
#include "core/editing/bone_pattern.h"
#include "core/editing/clip_editing.h"
#include "core/editing/loop_seam.h"
#include "core/retarget/root_motion.h"
#include "formats/registry.h"
#include "formats/scene_mirror.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/short_number.h"
#include "formats/counted.h"

namespace bonescope::cli {

namespace {

bool parseInt(const std::string& s, int& out)
{
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && p == end;
}

std::vector<std::string> split(const std::string& s, char sep)
{
    std::vector<std::string> out;
    size_t start = 0;
    for (size_t at; (at = s.find(sep, start)) != std::string::npos; start = at + 1)
        out.push_back(s.substr(start, at - start));
    out.push_back(s.substr(start));
    return out;
}

// The Second Life fields of every animation that has them; empty for any other format.
std::vector<std::pair<Animation*, SecondLifeExtra*>> secondLifeAnimations(Scene& scene)
{
    std::vector<std::pair<Animation*, SecondLifeExtra*>> out;
    for (Animation& a : scene.animations)
        if (auto* x = a.extra.as<SecondLifeExtra>())
            out.push_back({&a, x});
    return out;
}

// One joint entry per track, in track order, each with its current priority (what the writer
// stores), so that a priority set by name lands on the joint the file will write.
void jointsFromTracks(SecondLifeExtra& x, const Animation& a)
{
    std::vector<SecondLifeJoint> joints;
    for (size_t i = 0; i < a.tracks.size(); ++i)
        joints.push_back({a.tracks[i].name, x.priorityOf(i, a.tracks[i].name)});
    x.joints = std::move(joints);
}

} // namespace

bool FileEdits::any() const
{
    return drop || freeze || trim || timeScale || mirror || offset || rootMotion || priority || !jointPriorities.empty() || loop ||
           easeIn || easeOut || handPose || closeLoop || reduce;
}

int parseFileEdits(const Args& a, FileEdits& e, Io io)
{
    if (const int status = parseKeyReduction(a, e.reduce, io); status != Ok)
        return status;
    std::vector<double> v;
    if (a.has("--drop-joints"))
        e.drop = a.get("--drop-joints");
    if (a.has("--freeze-joints"))
        e.freeze = a.get("--freeze-joints");
    for (const char* o : {"--drop-joints", "--freeze-joints"})
        if (a.has(o) && BonePattern(a.get(o)).empty())
            return usageError(io, std::string(o) + " takes a bone name pattern (mHand*,mFace*)");
    if (a.has("--trim")) {
        if (!parseNumbers(a.get("--trim"), ':', v) || v.size() != 2 || !(v[0] >= 0 && v[1] > v[0] && v[1] <= 1e6))
            return usageError(io, "--trim takes START:END in seconds, 0 <= START < END, not '" + a.get("--trim") + "'");
        e.trim = {v[0], v[1]};
    }
    if (a.has("--time-scale")) { // range checked by run()
        double s = 0;
        parseNumber(a.get("--time-scale"), s);
        e.timeScale = s;
    }
    e.mirror = a.has("--mirror");
    if (a.has("--mirror-axis")) {
        const std::string axis = a.get("--mirror-axis");
        if (axis.size() != 1 || std::string("xyzXYZ").find(axis[0]) == std::string::npos)
            return usageError(io, "--mirror-axis takes x, y or z, not '" + axis + "'");
        e.mirrorAxis = int(std::string("xyz").find(char(std::tolower(axis[0]))));
    }
    if (a.has("--mirror-pairs"))
        for (const std::string& p : split(a.get("--mirror-pairs"), ',')) {
            SidePair pair;
            if (!parseSidePair(p, pair))
                return usageError(io, "--mirror-pairs takes LEFT:RIGHT[,LEFT:RIGHT...], not '" + a.get("--mirror-pairs") + "'");
            e.sidePairs.push_back(pair);
        }
    if ((a.has("--mirror-axis") || a.has("--mirror-pairs")) && !e.mirror)
        return usageError(io, "--mirror-axis and --mirror-pairs go with --mirror");
    if (a.has("--root-motion")) {
        const std::string m = a.get("--root-motion");
        if (m != "in-place" && m != "extract" && m != "restore")
            return usageError(io, "edit --root-motion takes in-place, extract or restore, not '" + m + "'");
        e.rootMotion = m;
    }
    if (a.has("--offset")) {
        if (!parseNumbers(a.get("--offset"), ',', v) || v.size() != 3 || std::abs(v[0]) > 1e6 || std::abs(v[1]) > 1e6 ||
            std::abs(v[2]) > 1e6)
            return usageError(io, "--offset takes X,Y,Z (numbers up to 1e6), not '" + a.get("--offset") + "'");
        e.offset = glm::dvec3(v[0], v[1], v[2]);
    }
    if (a.has("--priority")) {
        int p = 0;
        if (!parseInt(a.get("--priority"), p) || p < 0 || p > secondlife::MaxPriority)
            return usageError(io, "--priority takes 0 to " + std::to_string(secondlife::MaxPriority) + ", not '" +
                                      a.get("--priority") + "'");
        e.priority = p;
    }
    if (a.has("--joint-priority"))
        for (const std::string& item : split(a.get("--joint-priority"), ',')) {
            const size_t eq = item.rfind('=');
            int p = 0;
            if (eq == std::string::npos || eq == 0 || !parseInt(item.substr(eq + 1), p) ||
                p < secondlife::UseMotionPriority || p > secondlife::MaxPriority)
                return usageError(io, "--joint-priority takes NAME=N[,NAME=N...] (NAME a joint or a pattern, N -1 to " +
                                          std::to_string(secondlife::MaxPriority) + "), not '" + a.get("--joint-priority") + "'");
            e.jointPriorities.push_back({item.substr(0, eq), p});
        }
    if (a.has("--loop")) {
        if (!parseNumbers(a.get("--loop"), ':', v) || v.size() != 2 || !(v[0] >= 0 && v[1] >= v[0] && v[1] <= secondlife::MaxDuration))
            return usageError(io, "--loop takes IN:OUT in seconds, 0 <= IN <= OUT <= 60, not '" + a.get("--loop") + "'");
        e.loop = LoopRange{v[0], v[1]};
    }
    for (const char* o : {"--ease-in", "--ease-out"}) // range checked by run()
        if (a.has(o)) {
            double s = 0;
            parseNumber(a.get(o), s);
            (std::string(o) == "--ease-in" ? e.easeIn : e.easeOut) = s;
        }
    if (a.has("--hand-pose")) {
        int p = 0;
        if (!parseInt(a.get("--hand-pose"), p) || p < 0 || p > int(secondlife::MaxHandPose))
            return usageError(io, "--hand-pose takes 0 to " + std::to_string(secondlife::MaxHandPose) + ", not '" +
                                      a.get("--hand-pose") + "'");
        e.handPose = p;
    }
    if (a.has("--close-loop")) {
        int n = 0;
        const std::string v = a.get("--close-loop");
        if (v != "auto" && (!parseInt(v, n) || n < 1 || n > 1000000))
            return usageError(io, "--close-loop takes a number of frames (1 to 1000000) or auto, not '" + v + "'");
        e.closeLoop = v == "auto" ? 0 : n;
    }
    return Ok;
}

size_t applyFileEdits(Scene& scene, const std::string& formatName, const FileEdits& e, std::vector<std::string>& report)
{
    size_t applied = 0;
    const std::string notHere = ": not in this format (" + formatName + ")";
    auto byPattern = [&](const std::optional<std::string>& pattern, const char* option, auto&& edit) {
        if (!pattern)
            return;
        size_t n = 0;
        for (Animation& a : scene.animations)
            n += edit(a, BonePattern(*pattern));
        if (n)
            ++applied;
        else
            report.push_back(std::string(option) + " '" + *pattern + "': no joint matches");
    };
    byPattern(e.drop, "--drop-joints", [](Animation& a, const BonePattern& p) { return dropTracks(a, p); });
    byPattern(e.freeze, "--freeze-joints", [](Animation& a, const BonePattern& p) { return freezeTracks(a, p); });
    if (e.trim) {
        size_t n = 0;
        for (Animation& a : scene.animations)
            if (e.trim->first < a.duration) {
                trimClip(a, e.trim->first, std::min(e.trim->second, a.duration));
                ++n;
            }
        if (n)
            ++applied;
        else
            report.push_back("--trim: starts after the end of the clip");
    }
    if (e.timeScale) {
        for (Animation& a : scene.animations)
            scaleTime(a, *e.timeScale);
        ++applied;
    }
    if (e.mirror) {
        if (mirrorScene(scene, fileAxis(scene.format, e.mirrorAxis), e.sidePairs) == 0)
            report.push_back("--mirror: no left/right pair of joints: every joint reflected in place");
        ++applied;
    }
    if (e.offset) {
        bool any = false;
        for (Animation& a : scene.animations)
            any = offsetRoot(a, scene.skeleton, *e.offset) >= 0 || any;
        if (any)
            ++applied;
        else
            report.push_back("--offset: no joint to move");
    }

    if (e.rootMotion) {
        // The hips' travel: removed, moved to a root bone, or put back from it (core/retarget/root_motion.h).
        const bool fixed = Registry::instance().byId(scene.format) &&
                           Registry::instance().byId(scene.format)->capabilities().fixedSkeleton;
        size_t done = 0;
        for (Animation& a : scene.animations) {
            const Skeleton flat = scene.skeleton.empty() ? flatSkeleton(a) : Skeleton{};
            const Skeleton& rig = scene.skeleton.empty() ? flat : scene.skeleton;
            const int hips = travelBone(a, rig);
            try {
                if (*e.rootMotion == "in-place") {
                    removeTravel(a, rig, hips);
                } else if (scene.skeleton.empty() || fixed) {
                    report.push_back("--root-motion " + *e.rootMotion + ": " + formatName +
                                     " files have no skeleton of their own to hold a root bone");
                    break;
                } else if (*e.rootMotion == "extract") {
                    extractTravel(a, scene.skeleton, hips);
                } else {
                    restoreTravel(a, scene.skeleton, hips);
                }
                ++done;
            } catch (const std::runtime_error& err) {
                report.push_back("--root-motion " + *e.rootMotion + (a.name.empty() ? std::string() : " ('" + a.name + "')") +
                                 ": " + err.what());
            }
        }
        if (done)
            ++applied;
    }

    auto sl = secondLifeAnimations(scene);
    auto secondLifeField = [&](bool asked, const char* option, auto&& set) {
        if (!asked)
            return;
        if (sl.empty()) {
            report.push_back(std::string(option) + notHere);
            return;
        }
        for (auto& [a, x] : sl)
            set(*a, *x);
        ++applied;
    };
    secondLifeField(e.priority.has_value(), "--priority", [&](Animation& a, SecondLifeExtra& x) {
        x.basePriority = *e.priority;
        jointsFromTracks(x, a);
        for (SecondLifeJoint& j : x.joints)
            j.priority = *e.priority;
    });
    if (!e.jointPriorities.empty() && sl.empty())
        report.push_back("--joint-priority" + notHere);
    for (const auto& [pattern, priority] : e.jointPriorities) {
        if (sl.empty())
            break;
        size_t n = 0;
        for (auto& [a, x] : sl) {
            jointsFromTracks(*x, *a);
            for (SecondLifeJoint& j : x->joints)
                if (BonePattern(pattern).matches(j.name)) {
                    j.priority = priority;
                    ++n;
                }
        }
        if (n)
            ++applied;
        else
            report.push_back("--joint-priority '" + pattern + "': no joint matches");
    }
    if (e.loop && sl.empty()) {
        report.push_back("--loop" + notHere);
    } else if (e.loop) {
        const auto late = std::find_if(sl.begin(), sl.end(), [&](const auto& p) { return e.loop->out > p.first->duration + 1e-6; });
        if (late != sl.end()) {
            report.push_back("--loop: OUT " + shortNumber(e.loop->out) + " s is after the end of the clip (" +
                             shortNumber(late->first->duration) + " s)");
        } else {
            for (auto& [a, x] : sl) {
                a->looping = true;
                a->loopRange = *e.loop;
            }
            ++applied;
        }
    }
    secondLifeField(e.easeIn.has_value(), "--ease-in", [&](Animation&, SecondLifeExtra& x) { x.easeIn = float(*e.easeIn); });
    secondLifeField(e.easeOut.has_value(), "--ease-out", [&](Animation&, SecondLifeExtra& x) { x.easeOut = float(*e.easeOut); });
    secondLifeField(e.handPose.has_value(), "--hand-pose", [&](Animation&, SecondLifeExtra& x) { x.handPose = uint32_t(*e.handPose); });
    if (e.closeLoop) {
        size_t closed = 0;
        for (Animation& a : scene.animations) {
            const LoopSeam before = measureSeam(a, scene.skeleton);
            const int frames = *e.closeLoop ? std::min(*e.closeLoop, maxCloseFrames(a)) : defaultCloseFrames(before, a);
            const std::string clip = a.name.empty() ? std::string() : " '" + a.name + "'";
            if (closeLoop(a, scene.skeleton, frames) == 0) {
                report.push_back("--close-loop" + clip + ": the loop is closed already, nothing to blend");
                continue;
            }
            ++closed;
            report.push_back("--close-loop" + clip + ": blended over " + counted(frames, "frame") + "; seam before: " +
                             describeSeam(before) + "; after: " + describeSeam(measureSeam(a, scene.skeleton)));
        }
        if (closed)
            ++applied;
    }
    if (e.reduce) {
        if (const Format* f = Registry::instance().byId(scene.format); f && !reductionRefusal(*f).empty())
            throw std::runtime_error("--reduce-keys: " + reductionRefusal(*f));
        if (const Format* f = Registry::instance().byId(scene.format); f && e.reduce->curves && !curvesRefusal(*f).empty())
            throw std::runtime_error("--curves: " + curvesRefusal(*f));
        report.push_back(cliWords(reduceSceneKeys(scene, scene.format, *e.reduce)));
        ++applied;
    }
    return applied;
}

} // namespace bonescope::cli
