#include "formats/convert/convert_file.h"

#include <cmath>
#include <stdexcept>

#include "formats/bvh/bvh_format.h"
#include "formats/convert/name_list.h"
#include "formats/convert/prepare.h"
#include "formats/convert/secondlife_to_bvh.h"
#include "formats/registry.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_upload.h"
#include "formats/short_number.h"
#include "formats/counted.h"

namespace bonescope {

std::optional<ReportItem> optionsConflict(const ConvertOptions& o, const Format& target)
{
    using Code = ReportItem::Code;
    const std::string name = target.displayName();
    if (o.optimize && target.id() != "secondlife")
        return ReportItem(Code::OptimizeNotAnim, "optimising for upload makes Second Life .anim files, not " + name, {name});
    if (o.forSecondLife && target.id() != "bvh" && target.id() != "secondlife")
        return ReportItem(Code::UploadNotBvh, "a file for the Second Life uploader is a BVH (or an .anim), not " + name, {name});
    if (o.smdFlavour && target.id() != "smd")
        return ReportItem(Code::SmdFlavourNotSmd, "an SMD flavour applies to SMD output, not " + name, {name});
    if (o.forSecondLife && o.optimize && target.id() == "bvh")
        return ReportItem(Code::OptimizeUploadBvh, "optimising applies to .anim output; a BVH for Second Life keeps every frame");
    if (o.reduce && o.optimize)
        return ReportItem(Code::OptimizeAndReduce, "optimising for upload reduces keys its own way: choose it or key "
                                                   "reduction, not both");
    if (o.reduce && !reductionRefusal(target).empty())
        return ReportItem(Code::ReductionRefused, reductionRefusal(target), {name});
    if (o.reduce && o.reduce->curves && !curvesRefusal(target).empty())
        return ReportItem(Code::CurvesRefused, curvesRefusal(target), {name});
    return {};
}

ConvertedFile convertFile(Scene source, const Format& target, const ConvertOptions& o,
                          Report& report)
{
    if (const auto why = optionsConflict(o, target))
        throw ReportedError(*why);
    ConvertedFile out;
    if (o.forSecondLife && target.id() == "bvh") {
        out.made = target.write(secondLifeBvh(source, o, report));
        return out;
    }
    ConvertOptions plain = o;
    plain.forSecondLife = false; // an .anim is always what Second Life expects
    if (!o.optimize) {
        // The data keep the source's units unless --scale changed them or the target states its own.
        const std::string unitsOf = statedMetresPerUnit(target.id()) || o.scale ? target.id() : source.format;
        out.target = &target;
        out.scene = prepareForTarget(std::move(source), target, plain, report);
        if (o.smdFlavour)
            setSmdFlavour(out.scene, *o.smdFlavour, report);
        if (o.reduce) {
            const uint64_t before = target.write(out.scene).size();
            KeyReductionSummary sum = reduceSceneKeys(out.scene, unitsOf, *o.reduce);
            out.made = target.write(out.scene);
            sum.bytesBefore = before;
            sum.bytesAfter = out.made->size();
            out.reduced = sum;
        }
        return out;
    }
    // The file as the conversion makes it, then without what the upload does not need.
    plain.optimize = false;
    plain.tolerance.reset();
    Scene s = prepareForTarget(std::move(source), target, plain, report);
    OptimizeSummary sum;
    sum.bytesBefore = target.write(s).size();
    sum.toleranceDegrees = o.tolerance.value_or(secondlife::DefaultOptimizeTolerance);
    sum.toleranceMetres = sum.toleranceDegrees * secondlife::OptimizeMetresPerDegree;
    if (Animation* a = s.currentAnimation()) {
        const SecondLifeExtra defaults;
        const SecondLifeExtra* x = a->extra.as<SecondLifeExtra>();
        const secondlife::UploadOptimization r = secondlife::optimizeForUpload(
            *a, x ? *x : defaults, {sum.toleranceMetres, sum.toleranceDegrees, sum.toleranceMetres});
        sum.removedJoints = r.removedJoints;
        sum.removedKeys = r.removedKeys;
    }
    out.made = target.write(s);
    sum.bytesAfter = out.made->size();
    out.optimized = sum;
    return out;
}

PlacedWrite ConvertedFile::placeAt(const std::string& path) const
{
    if (made)
        return {{}, [this](const ByteSink& out) { out(*made); }};
    return target->placeAt(scene, path);
}

std::vector<uint8_t> ConvertedFile::bytes(const std::string& path) const
{
    if (made)
        return *made;
    if (path.empty())
        return target->write(scene);
    std::vector<uint8_t> out;
    placeAt(path).write([&out](std::span<const uint8_t> piece) { out.insert(out.end(), piece.begin(), piece.end()); });
    return out;
}

std::string describe(const OptimizeSummary& s)
{
    const double saved = double(s.bytesBefore) - double(s.bytesAfter);
    const long percent = s.bytesBefore ? std::lround(100 * saved / double(s.bytesBefore)) : 0;
    std::string m = "optimized: " + std::to_string(s.bytesBefore) + " -> " + std::to_string(s.bytesAfter) +
                    " bytes (saved " + shortNumber(saved) + ", " + std::to_string(percent) + "%): " +
                    counted(s.removedJoints.size(), "static joint") + " removed";
    if (!s.removedJoints.empty())
        m += " (" + nameList(s.removedJoints) + ")";
    return m + ", " + counted(s.removedKeys, "key") + " removed within " + shortNumber(s.toleranceDegrees) +
           " degree and " + shortNumber(s.toleranceMetres * 1000) + " mm";
}

} // namespace bonescope
