#include "formats/convert/retarget_words.h"
#include "formats/counted.h"

#include <cstdio>

namespace bonescope {

namespace {

std::string degrees(double d)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", d);
    return text;
}

// The measure after "retargeting (mode): ".
std::string measure(const RetargetReport& r)
{
    std::string line;
    if (r.limbs.empty())
        return "no limb segment is mapped on both rigs: nothing to measure";
    const LimbError* worst = nullptr;
    for (const LimbError& l : r.limbs)
        if (!l.orientation && (!worst || l.max > worst->max))
            worst = &l;
    line += "limb directions off by " + degrees(r.median) + " degrees (median), " + degrees(r.max) + " at worst";
    if (worst)
        line += " (" + worst->limb + " at " + degrees(worst->worstTime) + " s)";
    char travel[96];
    std::snprintf(travel, sizeof travel, "; the hips travel %.2f leg lengths (the source's %.2f)", r.resultTravel, r.sourceTravel);
    line += travel;
    if (r.sourceFromFirstFrame)
        line += "; the source's rest pose does not stand (hips to head not up, or the feet not below the hips), "
                "so its first frame, which stands, was the reference";
    if (r.contacts > 0) {
        char lock[96];
        std::snprintf(lock, sizeof lock, "; %s locked, a locked foot moves %.3g at most", counted(size_t(r.contacts), "foot contact").c_str(),
                      r.lockedFootSlide);
        line += lock;
    }
    return line;
}

} // namespace

ReportItem describeRetarget(const Animation& a, const RetargetSettings& settings, const RetargetReport& r)
{
    const std::string mode(modeName(settings.mode));
    const std::string line = "retargeting" + (a.name.empty() ? std::string() : " '" + a.name + "'") + " (" + mode + "): ";
    const std::string body = measure(r);
    return ReportItem(ReportItem::Code::RetargetMeasured, line + body, {mode, body});
}

} // namespace bonescope
