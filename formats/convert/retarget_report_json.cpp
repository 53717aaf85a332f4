#include "formats/convert/retarget_report_json.h"

#include <nlohmann/json.hpp>

namespace bonescope {

std::string retargetReportJson(const std::vector<RetargetReport>& reports)
{
    nlohmann::json all = nlohmann::json::array();
    for (const RetargetReport& r : reports) {
        nlohmann::json limbs = nlohmann::json::array();
        for (const LimbError& l : r.limbs)
            limbs.push_back({{"limb", l.limb},
                             {"bone", l.bone},
                             {"median", l.median},
                             {"max", l.max},
                             {"worstTime", l.worstTime},
                             {"orientation", l.orientation}});
        all.push_back({{"median", r.median},
                       {"max", r.max},
                       {"frames", r.frames},
                       {"sourceTravel", r.sourceTravel},
                       {"resultTravel", r.resultTravel},
                       {"contacts", r.contacts},
                       {"lockedFootSlide", r.lockedFootSlide},
                       {"sourceReference", r.sourceFromFirstFrame ? "frame 0" : "rest"},
                       {"limbs", limbs},
                       {"map", r.map}});
    }
    // Bone names are the files' own bytes: invalid UTF-8 is replaced rather than thrown on.
    return nlohmann::json{{"retargets", all}}.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace bonescope
