// `diff A B [--skeleton RIG] [--bone-map MAP] [--animation N|NAME] [--within DEG,MM] [--json]`: did the
// motion change between two files, where and by how much (docs/compare.md). Exit status as cmp and
// diff give it, so that a pipeline can use it as a check: 0 within the bounds, 1 different, 2 trouble
// (a file that does not read, wrong options).
#include <algorithm>
#include <iomanip>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli/cli.h"
#include "app/cli/load.h"
#include "formats/bone_map_file.h"
#include "formats/compare/compare_scenes.h"
#include "formats/skeleton_source.h"

namespace bonescope::cli {

namespace {

constexpr int Within = 0, Different = 1, Trouble = 2;

const char* const kDiffOptions[] = {"--skeleton", "--bone-map", "--animation", "--within", "--json"};

// "DEG,MM": two numbers, 0 to 1e6 each.
bool parseWithin(const std::string& s, double& degrees, double& mm)
{
    const size_t comma = s.find(',');
    return comma != std::string::npos && parseNumber(s.substr(0, comma), degrees) &&
           parseNumber(s.substr(comma + 1), mm) && degrees >= 0 && mm >= 0 && degrees <= 1e6 && mm <= 1e6;
}

// --animation in a file of several animations; a file of one plays that one.
bool chooseAnimation(Scene& scene, const std::string& path, const Args& a, Io io)
{
    if (scene.animations.empty()) {
        io.err << path << ": has no animation to compare\n";
        return false;
    }
    if (scene.animations.size() == 1 || !a.has("--animation"))
        return true;
    const int n = selectAnimation(scene, a, io);
    if (n < 0) {
        io.err << "(in " << path << ")\n";
        return false;
    }
    scene.current = n;
    return true;
}

std::string fixed(double v, int digits = 4)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << v;
    return s.str();
}

nlohmann::json extremeJson(const Extreme& e, const AnimationComparison& c)
{
    return {{"max", e.max}, {"mean", e.mean}, {"worstTime", e.worstTime}, {"worstFrame", c.frameOf(e.worstTime)}};
}

nlohmann::json toJson(const SceneComparison& s, const std::string& pathA, const std::string& pathB)
{
    const AnimationComparison& c = s.result;
    nlohmann::json j = {{"a", pathA},
                        {"b", pathB},
                        {"within", c.within()},
                        {"bounds", {{"degrees", c.withinDegrees}, {"position", c.withinPosition}, {"seconds", c.withinSeconds}}},
                        {"unit", s.unit},
                        {"height", c.height},
                        {"rate", c.rate},
                        {"samples", c.times.size()},
                        {"comparedAs", s.rigs ? "rigs" : "bones"},
                        {"onlyInA", c.onlyInA},
                        {"onlyInB", c.onlyInB},
                        {"timing",
                         {{"durationA", c.timing.durationA}, {"durationB", c.timing.durationB},
                          {"fpsA", c.timing.fpsA}, {"fpsB", c.timing.fpsB},
                          {"keyTimesA", c.timing.keyTimesA}, {"keyTimesB", c.timing.keyTimesB},
                          {"keyTimesOnlyA", c.timing.keyTimesOnlyA}, {"keyTimesOnlyB", c.timing.keyTimesOnlyB},
                          {"durationDiffers", c.durationDiffers()}}},
                        {"max",
                         {{"localDegrees", c.maxLocalDegrees()}, {"worldDegrees", c.maxWorldDegrees()},
                          {"position", c.maxPosition()}, {"positionPercentOfHeight", c.percentOfHeight(c.maxPosition())}}}};
    if (!s.note.empty())
        j["note"] = s.note;
    nlohmann::json bones = nlohmann::json::array();
    for (const BoneDifference& d : c.bones)
        bones.push_back({{"bone", d.name},
                         {"localDegrees", extremeJson(d.local, c)},
                         {"worldDegrees", extremeJson(d.world, c)},
                         {"position", extremeJson(d.position, c)},
                         {"positionPercentOfHeight", c.percentOfHeight(d.position.max)}});
    j["bones"] = bones;
    if (c.limbs) {
        nlohmann::json limbs = nlohmann::json::array();
        for (const LimbError& l : c.limbs->limbs)
            limbs.push_back({{"limb", l.limb}, {"bone", l.bone}, {"median", l.median}, {"max", l.max},
                             {"worstTime", l.worstTime}, {"worstFrame", c.frameOf(l.worstTime)},
                             {"orientation", l.orientation}});
        j["limbs"] = limbs;
        j["limbMedian"] = c.limbs->median;
    }
    return j;
}

void printNames(std::ostream& out, const char* what, const std::vector<std::string>& names)
{
    if (names.empty())
        return;
    out << what << " (" << names.size() << "):";
    for (size_t i = 0; i < names.size() && i < 20; ++i)
        out << " " << names[i];
    out << (names.size() > 20 ? " ...\n" : "\n");
}

void printText(std::ostream& out, const SceneComparison& s)
{
    const AnimationComparison& c = s.result;
    const TimingDifference& t = c.timing;
    out << "timing: duration " << t.durationA << " s / " << t.durationB << " s"
        << (c.durationDiffers() ? " (differs)" : "") << "; rate " << t.fpsA << " / " << t.fpsB << " fps; key times "
        << t.keyTimesA << " / " << t.keyTimesB << " (" << t.keyTimesOnlyA << " only in A, " << t.keyTimesOnlyB
        << " only in B)\n";
    if (!s.note.empty())
        out << "note: " << s.note << "\n";
    if (s.rigs) {
        out << "two rigs: compared by limb (the retargeting measure) at " << c.times.size() << " times\n";
        printNames(out, "bones of A no bone of B plays", c.onlyInA);
        printNames(out, "bones of B no bone of A drives", c.onlyInB);
        for (const LimbError& l : c.limbs->limbs)
            out << "  " << l.limb << " (" << l.bone << "): max " << fixed(l.max) << " deg at frame "
                << c.frameOf(l.worstTime) << ", median " << fixed(l.median) << " deg\n";
        return;
    }
    out << "compared " << c.bones.size() << " bones at " << c.times.size() << " times (" << c.rate
        << " fps and every key), positions in " << s.unit;
    if (c.height > 0)
        out << ", height " << fixed(c.height, 2) << " " << s.unit;
    out << "\n";
    printNames(out, "bones only in A", c.onlyInA);
    printNames(out, "bones only in B", c.onlyInB);
    // The bones beyond a bound, the furthest first.
    std::vector<const BoneDifference*> beyond;
    for (const BoneDifference& d : c.bones)
        if (d.local.max > c.withinDegrees || d.world.max > c.withinDegrees || d.position.max > c.withinPosition)
            beyond.push_back(&d);
    auto score = [&](const BoneDifference* d) {
        return std::max({d->local.max / std::max(c.withinDegrees, 1e-12), d->world.max / std::max(c.withinDegrees, 1e-12),
                         d->position.max / std::max(c.withinPosition, 1e-12)});
    };
    std::stable_sort(beyond.begin(), beyond.end(), [&](auto* x, auto* y) { return score(x) > score(y); });
    constexpr size_t kListed = 20; // the furthest; --json has every bone
    for (size_t i = 0; i < beyond.size() && i < kListed; ++i) {
        const BoneDifference* d = beyond[i];
        out << "  " << d->name << ": local " << fixed(d->local.max) << " deg (frame " << c.frameOf(d->local.worstTime)
            << "), world " << fixed(d->world.max) << " deg (frame " << c.frameOf(d->world.worstTime) << "), position "
            << fixed(d->position.max) << " " << s.unit << " (" << fixed(c.percentOfHeight(d->position.max), 3)
            << "% of height, frame " << c.frameOf(d->position.worstTime) << "); mean " << fixed(d->local.mean) << " / "
            << fixed(d->world.mean) << " deg, " << fixed(d->position.mean) << " " << s.unit << "\n";
    }
    if (beyond.size() > kListed)
        out << "  ... and " << beyond.size() - kListed << " more bones beyond the bounds (--json lists every bone)\n";
    out << "largest: local " << fixed(c.maxLocalDegrees()) << " deg, world " << fixed(c.maxWorldDegrees()) << " deg, position "
        << fixed(c.maxPosition()) << " " << s.unit << "\n";
}

} // namespace

int cmdDiff(const Args& a, Io io)
{
    for (const auto& [name, value] : a.options)
        if (std::find(std::begin(kDiffOptions), std::end(kDiffOptions), name) == std::end(kDiffOptions))
            return usageError(io, "diff does not take " + name);
    if (a.positional.size() != 2)
        return usageError(io, "diff takes two files, A and B");
    SceneCompareOptions o;
    if (a.has("--within") && !parseWithin(a.get("--within"), o.withinDegrees, o.withinMillimetres))
        return usageError(io, "--within takes DEG,MM: two numbers from 0 to 1e6 (degrees, millimetres), not '" +
                                  a.get("--within") + "'");
    const std::string &pathA = a.positional[0], &pathB = a.positional[1];
    try {
        if (a.has("--skeleton"))
            o.skeleton = loadSkeletonSource(a.get("--skeleton"));
        if (a.has("--bone-map"))
            o.boneMap = loadBoneMap(a.get("--bone-map"));
    } catch (const std::exception& e) {
        io.err << e.what() << "\n";
        return Trouble;
    }
    auto sa = load(pathA, io);
    if (!sa)
        return Trouble;
    auto sb = load(pathB, io);
    if (!sb)
        return Trouble;
    if (!chooseAnimation(sa->scene, inputName(pathA), a, io) || !chooseAnimation(sb->scene, inputName(pathB), a, io))
        return Trouble;
    SceneComparison s;
    try {
        s = compareScenes(sa->scene, pathA, sb->scene, pathB, o);
    } catch (const std::exception& e) {
        io.err << "cannot compare " << inputName(pathA) << " and " << inputName(pathB) << ": " << e.what() << "\n";
        return Trouble;
    }
    const bool within = s.result.within();
    if (a.has("--json")) {
        io.out << toJson(s, pathA, pathB).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    } else {
        printText(io.out, s);
        io.out << (within ? "within " : "different: beyond ") << fixed(s.result.withinDegrees, 4) << " deg, "
               << fixed(s.result.withinPosition, 4) << " " << s.unit << "\n";
    }
    return within ? Within : Different;
}

} // namespace bonescope::cli
