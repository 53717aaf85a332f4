#include "formats/convert/reduce_keys.h"

#include <cmath>

#include "core/reduction/reduce_in_hierarchy.h"
#include "formats/registry.h"
#include "formats/short_number.h"
#include "formats/counted.h"

namespace bonescope {

std::optional<double> statedMetresPerUnit(const std::string& id)
{
    if (id == "secondlife" || id == "assimp" || id == "gltf") // the .anim format; glTF 2.0's spec
        return 1.0;
    if (id == "psa" || id == "psk") // Unreal units
        return 0.01;
    return std::nullopt;
}

std::optional<double> parseUnits(const std::string& name)
{
    if (name == "m")
        return 1.0;
    if (name == "cm")
        return 0.01;
    if (name == "mm")
        return 0.001;
    if (name == "in" || name == "inch" || name == "inches")
        return 0.0254;
    return std::nullopt;
}

std::string reductionRefusal(const Format& target)
{
    if (!target.capabilities().everyFrame)
        return {};
    return target.displayName() + " stores every joint at every frame" +
           (target.id() == "bvh" ? std::string(" (one line per frame)") : std::string()) +
           ", so it cannot drop keys; write a format that keeps key times (SEAnim, Cast, glTF, Second Life .anim)";
}

std::string curvesRefusal(const Format& target)
{
    if (target.capabilities().curves)
        return {};
    return target.displayName() + " keeps no curve tangents, so keys cannot be reduced as curves; glTF keeps them";
}

KeyReductionSummary reduceSceneKeys(Scene& scene, const std::string& formatId, const KeyReductionRequest& request, int only,
                                    const Skeleton* playsOn)
{
    KeyReductionSummary s;
    s.boundMm = request.maxErrorMm;
    const Format* format = Registry::instance().byId(formatId);
    s.formatName = format ? format->displayName() : formatId;
    const std::optional<double> stated = statedMetresPerUnit(formatId);
    s.metresPerUnit = request.metresPerUnit.value_or(stated.value_or(0.01));
    s.unitsAssumed = !request.metresPerUnit && !stated;
    const Skeleton& skeleton = playsOn ? *playsOn : scene.skeleton;
    s.noSkeleton = skeleton.empty();
    HierarchyReduction settings{request.maxErrorMm / 1000.0 / s.metresPerUnit, kPointDistanceMetres / s.metresPerUnit};
    settings.curves = s.curves = request.curves;
    double worst = 0;
    for (size_t i = 0; i < scene.animations.size(); ++i) {
        if (only >= 0 && int(i) != only)
            continue;
        const HierarchyReductionResult r = reduceInHierarchy(scene.animations[i], skeleton, settings);
        s.keysBefore += r.keysBefore;
        s.keysAfter += r.keysAfter;
        s.channelsKeptWhole += r.channelsKeptWhole;
        worst = std::max(worst, r.largestError);
    }
    s.largestErrorMm = worst * s.metresPerUnit * 1000.0;
    return s;
}

Report reductionReport(const KeyReductionSummary& s)
{
    const long fewer = s.keysBefore ? std::lround(100.0 * double(s.keysBefore - s.keysAfter) / double(s.keysBefore)) : 0;
    std::string m = "reduced keys: " + std::to_string(s.keysBefore) + " -> " + std::to_string(s.keysAfter) + " (" +
                    std::to_string(fewer) + "% fewer)";
    if (s.bytesBefore || s.bytesAfter)
        m += ", " + std::to_string(s.bytesBefore) + " -> " + std::to_string(s.bytesAfter) + " bytes";
    m += ", largest error " + shortNumber(s.largestErrorMm) + " mm (bound " + shortNumber(s.boundMm) + " mm)";
    if (s.curves)
        m += ", as cubic curves";
    Report out{m};
    if (s.unitsAssumed)
        out.push_back({ReportItem::Code::UnitsAssumed, s.formatName + " files do not state their units: taken as centimetres",
                       {s.formatName}});
    if (s.noSkeleton)
        out.push_back("the file holds no skeleton: each bone's error is measured on its own, not through a hierarchy");
    if (s.channelsKeptWhole)
        out.push_back(counted(s.channelsKeptWhole, "channel") + " whose per-key flags decide how they play kept whole");
    return out;
}

std::string describe(const KeyReductionSummary& s)
{
    std::string m;
    for (const std::string& line : reportTexts(reductionReport(s)))
        m += (m.empty() ? "" : "\n  ") + line;
    return m;
}

} // namespace bonescope
