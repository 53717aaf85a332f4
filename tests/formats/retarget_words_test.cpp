// The retarget's own measure in a conversion report is an item of its own kind (RetargetMeasured), so
// that a front end can show it as information rather than among what the target cannot carry (the
// window's export box counted a 0.0-degree retarget as a loss).
#include <gtest/gtest.h>

#include <algorithm>

#include "formats/convert/prepare.h"
#include "formats/registry.h"
#include "formats/secondlife/secondlife_format.h"
#include "tests/support/test_support.h"

using namespace bonescope;

TEST(RetargetWords, MeasureIsItsOwnKindOfItem)
{
    const std::string path = test::fixturePath("rigs/cmu_131_01_walk.bvh");
    const auto bytes = test::readBytes(path);
    const Scene cmu = Registry::instance().detect(bytes, path)->read(bytes);
    Report report;
    prepareForTarget(cmu, SecondLifeFormat(), {}, report);
    const auto measured = std::find_if(report.begin(), report.end(),
                                       [](const ReportItem& i) { return i.code == ReportItem::Code::RetargetMeasured; });
    ASSERT_NE(measured, report.end());
    ASSERT_EQ(measured->values.size(), 2u);
    EXPECT_EQ(measured->values[0], "match-pose");
    EXPECT_EQ(measured->values[1].rfind("limb directions off by ", 0), 0u) << measured->values[1];
    // The library's sentence (the CLI's words) keeps the mode and the measure.
    EXPECT_EQ(measured->text, "retargeting (match-pose): " + measured->values[1]);
    // Only one such item, and no loss is reported for this walk's mapped limbs.
    EXPECT_EQ(std::count_if(report.begin(), report.end(), [](const ReportItem& i) { return i.code == ReportItem::Code::RetargetMeasured; }), 1);
}
