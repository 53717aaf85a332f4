#pragma once
// The retarget report in words, as the conversion report shows it (convert's warnings, Second Life's
// .anim outputs): how far the result's limbs point from the source's, and how far the hips travel.
#include "core/model/animation.h"
#include "core/retarget/retarget.h"
#include "formats/report_item.h"

namespace bonescope {

// "retargeting 'walk' (match-pose): limb directions off by 0.4 degrees (median), 2.1 at worst (left
// forearm at 1.23 s); the hips travel 2.31 leg lengths (the source's 2.30)", as a RetargetMeasured
// item whose values are the mode and the measure (after the colon): a measure, not a loss.
ReportItem describeRetarget(const Animation& a, const RetargetSettings& settings, const RetargetReport& r);

} // namespace bonescope
