// What `convert` says when a model with its animation goes into an animation SMD, worded for a modder:
// the QC line that gives the frame rate back, and that studiomdl takes the mesh from a reference SMD.
// The library reports both as data (SmdFrameRateNotKept, SmdMeshNotWritten); the window words them
// for a person (gui_viewer_report_words_test's smdExportReportInPlainWords).
#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace bonescope {
namespace {

TEST(CliSmdReport, ModelToSmdGivesTheQcLineAndTheReferenceFile)
{
#ifdef BONESCOPE_WITHOUT_ASSIMP
    GTEST_SKIP() << "needs Assimp";
#endif
    const std::string out = test::tempPath("robot-dance.smd");
    const auto r = test::runCli({"convert", test::fixturePath("rigs/RobotExpressive.glb"), "--animation", "0", out});
    ASSERT_EQ(r.status, 0) << r.err;
    // Clip 0, 'Dance', has no rate of its own: 24 fps from its key spacing (as the window's export says).
    for (const char* said : {"SMD has no frame rate: the 24 fps frames are written one per 'time'; give 'fps 24' in the "
                             "QC (read back, and by studiomdl without it, at 30 fps)",
                             " vertices) is not written: studiomdl takes it from a reference SMD (one frame, the bind "
                             "pose), not from an animation SMD"})
        EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
}

} // namespace
} // namespace bonescope
