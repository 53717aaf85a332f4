#pragma once
// A retarget's report (core/retarget/retarget.h) as JSON, for `convert --json` and the batch summary
// (docs/retargeting.md says what each field means).
#include <string>
#include <vector>

#include "core/retarget/retarget.h"

namespace bonescope {

// {"retargets": [{"median": .., "max": .., "frames": .., "sourceTravel": .., "resultTravel": ..,
//   "contacts": .., "lockedFootSlide": .., "limbs": [{"limb", "bone", "median", "max", "worstTime", "orientation"}]}]}
std::string retargetReportJson(const std::vector<RetargetReport>& reports);

} // namespace bonescope
