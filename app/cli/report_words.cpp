#include "app/cli/report_words.h"

namespace bonescope::cli {

namespace {

using Code = ReportItem::Code;

// The value `i` of `item`, or "" when the library gave fewer.
std::string value(const ReportItem& item, size_t i) { return i < item.values.size() ? item.values[i] : std::string(); }

// What the command line can do about `code`, put where the library left room for it.
std::string advice(Code code)
{
    switch (code) {
    case Code::FrameRateFromKeys: return "; --fps chooses another";
    case Code::KeysShareFrames: return " (a higher --fps keeps them)";
    case Code::AnimationsLeftOut: return "; convert them with --animation";
    case Code::OnlyCurrentAnimation: return " (pick it with --animation)";
    case Code::NoJointMatchesAvatar: return " (map its bones to the avatar's joints with --bone-map)";
    case Code::BakeTooLarge: return "; give a lower --fps or a larger --max-memory";
    case Code::SkeletonsDiffer: return " (retarget it first: convert --skeleton)";
    case Code::UploadTooLarge: return " (bonescope-cli convert --optimize strips static joints and reduces keys)";
    case Code::StaticJoints: return "; convert --optimize removes them";
    case Code::UnitsAssumed: return " (--units m|cm|mm|in says otherwise)";
    default: return {};
    }
}

} // namespace

std::string cliWords(const ReportItem& item)
{
    // Where the option is what the sentence is about, the command line says it in a sentence of its own.
    const std::string target = value(item, 0);
    switch (item.code) {
    case Code::FrameRateAsked:
        return value(item, 0) + ": the source has no frame rate; written at " + value(item, 1) + " fps (--fps)";
    case Code::UploadRulesFixFrames:
        return "--fps, --scale and --up do not apply to BVH -> Second Life: the viewer's upload rules fix the frames "
               "(the file's own), the units (inches to metres) and the axes";
    case Code::UpAxisFixed: return "--up does not apply: " + target + " fixes its own axes";
    case Code::OptimizeNotAnim:
        return "--optimize makes Second Life .anim files, not " + target + " (give an .anim OUT, or --to secondlife)";
    case Code::UploadNotBvh: return "--target secondlife writes BVH (or .anim), not " + target;
    case Code::SmdFlavourNotSmd: return "--smd-flavour applies to SMD output, not " + target;
    case Code::OptimizeUploadBvh: return "--optimize applies to .anim output; a BVH for Second Life keeps every frame";
    case Code::OptimizeAndReduce: return "--optimize reduces keys its own way: give --optimize or --reduce-keys, not both";
    case Code::ReductionRefused: return "--reduce-keys: " + item.text;
    case Code::CurvesRefused: return "--curves: " + item.text;
    case Code::SmdFrameRateNotKept: // a modder's words: the QC line that gives the rate back
        return "SMD has no frame rate: the " + value(item, 0) + " fps frames are written one per 'time'; give 'fps " +
               value(item, 0) + "' in the QC (read back, and by studiomdl without it, at 30 fps)";
    case Code::SmdMeshNotWritten:
        return "the mesh (" + value(item, 0) + " vertices) is not written: studiomdl takes it from a reference SMD "
               "(one frame, the bind pose), not from an animation SMD";
    default: return withAdvice(item, advice(item.code));
    }
}

std::vector<std::string> cliWords(const Report& report)
{
    std::vector<std::string> out;
    out.reserve(report.size());
    for (const ReportItem& item : report)
        out.push_back(cliWords(item));
    return out;
}

std::string cliWords(const Finding& finding)
{
    ReportItem item = finding.item();
    item.offset = ReportItem::NoOffset; // validate puts the offset before the severity
    return cliWords(item);
}

std::string cliWords(const KeyReductionSummary& summary)
{
    std::string m;
    for (const std::string& line : cliWords(reductionReport(summary)))
        m += (m.empty() ? "" : "\n  ") + line;
    return m;
}

ConvertedFile convertInWords(Scene source, const Format& target, const ConvertOptions& options,
                             std::vector<std::string>& lines, std::vector<std::string>* measures)
{
    Report report;
    auto words = [&] {
        for (const ReportItem& item : report)
            (measures && item.code == ReportItem::Code::RetargetMeasured ? *measures : lines).push_back(cliWords(item));
    };
    try {
        ConvertedFile made = convertFile(std::move(source), target, options, report);
        words();
        return made;
    } catch (...) {
        words();
        throw;
    }
}

std::string cliWords(const std::exception& error)
{
    if (const auto* reported = dynamic_cast<const ReportedError*>(&error))
        return cliWords(reported->item());
    return error.what();
}

} // namespace bonescope::cli
