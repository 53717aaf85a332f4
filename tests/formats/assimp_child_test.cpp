// Assimp in its own process (formats/assimp/assimp_child.h, app/import/): real FBX, COLLADA and glTF
// files cross the helper's wire form unchanged (every bone, TRS, key and vertex), the helper reads
// what the process itself would, and files that crash or abort inside Assimp, a helper that hangs and
// one that eats memory all end in a clear error naming the file, never in the end of Bonescope.
#include <cstdlib>
#include <functional>

#include <gtest/gtest.h>

#include "formats/assimp/assimp_child.h"
#include "formats/assimp/assimp_format.h"
#include "formats/assimp/assimp_import.h"
#include "formats/file_io.h"
#include "formats/parse_error.h"
#include "formats/platform/child_process.h"
#include "formats/registry.h"
#include "tests/support/error_of.h"
#include "tests/support/same_scene.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

struct Sample {
    const char* path; // under tests/fixtures (or the repository for the demo)
    bool animated;
};
// A 3ds Max FBX and a COLLADA character (ozz-animation), a hand-made FBX with pivots, two glTF rigs.
const Sample kSamples[] = {{"assimp/robot.fbx", true},        {"assimp/seymour.dae", true},
                           {"fbx/pivot_skeleton.fbx", true},  {"rigs/CesiumMan.glb", true},
                           {"rigs/RobotExpressive.glb", true}, {"../../resources/demo/demo_character.glb", false}};

const char* const kCrashing[] = {"assimp/crash_assimp_abort_properties.fbx", "assimp/crash_assimp_segfault_skin_4_influence.dae"};

using test::errorOf;

void setEnvironment(const char* name, const char* value)
{
#ifdef _WIN32
    _putenv_s(name, value ? value : "");
#else
    value ? setenv(name, value, 1) : unsetenv(name);
#endif
}

// While alive, an environment variable holds a value (the helper inherits it).
struct ScopedEnvironment {
    const char* name;
    ScopedEnvironment(const char* n, const char* value) : name(n) { setEnvironment(name, value); }
    ~ScopedEnvironment() { setEnvironment(name, nullptr); }
};

size_t keysOf(const Scene& s)
{
    size_t n = 0;
    for (const Animation& a : s.animations)
        n += a.keyCount();
    return n;
}

// The test helper (bonescope-import-test) on CesiumMan, with its switch set to `what` (a helper
// started for it: a kept one has the environment it started with).
std::string testHelperError(const char* what, const platform::ChildLimits& limits)
{
    stopImportHelpers();
    const ScopedEnvironment env("BONESCOPE_IMPORT_TEST", what);
    const std::string path = test::fixturePath("rigs/CesiumMan.glb");
    const std::vector<uint8_t> bytes = test::readBytes(path);
    ImportOptions options;
    options.program = BONESCOPE_IMPORT_TEST_PROGRAM;
    options.limits = limits;
    return errorOf([&] { importInChild({"glb", "", true, bytes}, path, options); });
}

} // namespace

// Every bone name, rest TRS, key and mesh vertex of real files, through encode and decode.
TEST(AssimpChild, RealFilesCrossTheWireUnchanged)
{
    for (const Sample& sample : kSamples) {
        SCOPED_TRACE(sample.path);
        const std::vector<uint8_t> bytes = test::readBytes(test::fixturePath(sample.path));
        const Scene read = readWithAssimp(bytes, assimpFormatHint(bytes), "", true);
        ASSERT_GT(read.skeleton.size(), 3u);
        if (!std::string(sample.path).ends_with("pivot_skeleton.fbx")) { // that one is a skeleton only
            ASSERT_GT(read.mesh.positions.size(), 90u);
        }
        if (sample.animated) {
            ASSERT_GT(keysOf(read), 10u);
        }
        const wire::ImportAnswer back = wire::decodeAnswer(wire::encodeScene(read));
        ASSERT_TRUE(back.ok);
        test::expectSameScene(read, back.scene);
    }
}

// One helper reads file after file: the second and third start no process, and each answer is the
// file's own (read again in this process), not the one before.
TEST(AssimpChild, FilesInARowGoThroughOneHelper)
{
    stopImportHelpers();
    const uint64_t before = importHelpersStarted();
    for (const char* file : {"rigs/CesiumMan.glb", "assimp/robot.fbx", "assimp/seymour.dae"}) {
        SCOPED_TRACE(file);
        const std::string path = test::fixturePath(file);
        const std::vector<uint8_t> bytes = test::readBytes(path);
        const std::string hint = assimpFormatHint(bytes);
        test::expectSameScene(readWithAssimp(bytes, hint, "", true), importInChild({hint, "", true, bytes}, path));
    }
    EXPECT_EQ(importHelpersStarted() - before, 1u);
}

// A file that crashes the helper, then a good file: the crash is named, and the good file is read by
// a new helper, which stays for the next.
TEST(AssimpChild, AfterACrashTheNextFileStartsAHelper)
{
    stopImportHelpers();
    const uint64_t before = importHelpersStarted();
    const std::string good = test::fixturePath("rigs/CesiumMan.glb");
    const std::vector<uint8_t> goodBytes = test::readBytes(good);
    const Scene expected = readWithAssimp(goodBytes, "glb", "", true);
    test::expectSameScene(expected, importInChild({"glb", "", true, goodBytes}, good));
    for (const char* file : kCrashing) {
        SCOPED_TRACE(file);
        const std::string path = test::fixturePath(file);
        const std::vector<uint8_t> bytes = test::readBytes(path);
        const std::string why = errorOf([&] { importInChild({assimpFormatHint(bytes), "", true, bytes}, path); });
        EXPECT_NE(why.find("crashed reading " + path.substr(path.find_last_of('/') + 1)), std::string::npos) << why;
        test::expectSameScene(expected, importInChild({"glb", "", true, goodBytes}, good));
    }
    test::expectSameScene(expected, importInChild({"glb", "", true, goodBytes}, good));
    // The first helper read the first file and met the first crash; each crash's successor the rest.
    EXPECT_EQ(importHelpersStarted() - before, 3u);
}

// A helper that hangs is stopped at the time limit, and the next file is read by a new one.
TEST(AssimpChild, AfterAHangTheNextFileStartsAHelper)
{
    const uint64_t before = importHelpersStarted();
    const platform::ChildLimits limits{.seconds = 3, .memoryBytes = 0}; // room for a loaded machine's good read
    const std::string why = testHelperError("hang", limits);
    EXPECT_NE(why.find("was still reading CesiumMan.glb after 3 s and was stopped"), std::string::npos) << why;
    ImportOptions options; // the same helper's place (same program and limits), the switch now off
    options.program = BONESCOPE_IMPORT_TEST_PROGRAM;
    options.limits = limits;
    const std::string path = test::fixturePath("rigs/CesiumMan.glb");
    const std::vector<uint8_t> bytes = test::readBytes(path);
    const Scene expected = readWithAssimp(bytes, "glb", "", true);
    test::expectSameScene(expected, importInChild({"glb", "", true, bytes}, path, options));
    test::expectSameScene(expected, importInChild({"glb", "", true, bytes}, path, options));
    EXPECT_EQ(importHelpersStarted() - before, 2u);
}

// A read with other limits does not go to a helper started with the first ones (limits are set when
// a helper starts), and the helper with the first limits is not kept beside it.
TEST(AssimpChild, OtherLimitsStartAnotherHelper)
{
    stopImportHelpers();
    const uint64_t before = importHelpersStarted();
    const std::string path = test::fixturePath("rigs/CesiumMan.glb");
    const std::vector<uint8_t> bytes = test::readBytes(path);
    ImportOptions options;
    importInChild({"glb", "", true, bytes}, path, options);
    options.limits.memoryBytes = uint64_t(2) << 30;
    importInChild({"glb", "", true, bytes}, path, options);
    importInChild({"glb", "", true, bytes}, path, options);
    EXPECT_EQ(importHelpersStarted() - before, 2u);
    options.limits.memoryBytes = uint64_t(4) << 30;
    importInChild({"glb", "", true, bytes}, path, options);
    EXPECT_EQ(importHelpersStarted() - before, 3u);
}

// The helper reads what this process reads: the format's read (animations) and a skeleton mesh.
TEST(AssimpChild, HelperReadsWhatTheProcessReads)
{
    for (const Sample& sample : kSamples) {
        SCOPED_TRACE(sample.path);
        const std::string path = test::fixturePath(sample.path);
        const std::vector<uint8_t> bytes = test::readBytes(path);
        test::expectSameScene(readWithAssimp(bytes, assimpFormatHint(bytes), "", true), AssimpFormat().readFrom(bytes, path));
        test::expectSameScene(readWithAssimp(bytes, extensionOf(path), "", false), importWithAssimp(path));
    }
}

// `bonescope-cli info` on files that end the process inside Assimp (an ai_assert abort, a segfault):
// exit status 1 and a message naming the file, not 134 or 139.
TEST(AssimpChild, CrashingFilesEndInAClearErrorFromTheCli)
{
    // The FBX one opens through Bonescope's own FBX reader when Assimp crashes (fbx_reader_test.cpp):
    // Assimp alone here, as the other FBX reader is not what is tested.
    const ScopedEnvironment onlyAssimp("BONESCOPE_FBX_READER", "assimp");
    for (const char* file : kCrashing) {
        const std::string path = test::fixturePath(file);
        const platform::ChildResult run = platform::runChild(BONESCOPE_CLI, {"info", path}, {}, {});
        SCOPED_TRACE(run.errors);
        ASSERT_EQ(run.end, platform::ChildResult::End::Exited);
        EXPECT_EQ(run.exitCode, 1);
        EXPECT_NE(run.errors.find(path + ": Assimp, the library that reads FBX, COLLADA and glTF files for Bonescope, crashed reading "),
                  std::string::npos);
        EXPECT_NE(run.errors.find("the file is probably damaged or uses a feature Assimp cannot read"), std::string::npos);
        EXPECT_NE(run.errors.find(std::string(file).ends_with(".fbx") ? "SIGABRT" : "SIGSEGV"), std::string::npos);
    }
}

// The same files as a skeleton mesh and through the format, in this process: a ParseError naming
// the file, and the process goes on.
TEST(AssimpChild, CrashingFilesAreAParseErrorInProcess)
{
    const ScopedEnvironment onlyAssimp("BONESCOPE_FBX_READER", "assimp"); // as above
    for (const char* file : kCrashing) {
        const std::string path = test::fixturePath(file);
        const std::string name = path.substr(path.find_last_of('/') + 1);
        const std::string asMesh = errorOf([&] { importWithAssimp(path); });
        EXPECT_NE(asMesh.find(path + ": "), std::string::npos) << asMesh;
        EXPECT_NE(asMesh.find("crashed reading " + name), std::string::npos) << asMesh;
        const std::vector<uint8_t> bytes = test::readBytes(path);
        const std::string asDocument = errorOf([&] { AssimpFormat().readFrom(bytes, path); });
        EXPECT_NE(asDocument.find("crashed reading " + name), std::string::npos) << asDocument;
    }
    // From memory, with no file name to give.
    const std::vector<uint8_t> bytes = test::readBytes(test::fixturePath(kCrashing[0]));
    EXPECT_NE(errorOf([&] { AssimpFormat().read(bytes); }).find("crashed reading the file"), std::string::npos);
}

// A helper that never answers is stopped at the time limit (not measured: what is said is checked).
TEST(AssimpChild, HangIsStoppedAtTheTimeLimit)
{
    const std::string why = testHelperError("hang", {.seconds = 1, .memoryBytes = 0});
    EXPECT_NE(why.find("was still reading CesiumMan.glb after 1 s and was stopped"), std::string::npos) << why;
    EXPECT_NE(why.find("BONESCOPE_IMPORT_SECONDS"), std::string::npos) << why;
}

TEST(AssimpChild, MemoryBlowUpIsStoppedAtTheLimit)
{
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "AddressSanitizer's shadow memory does not fit under an address space limit";
#endif
    const std::string why = testHelperError("allocate", {.seconds = 600, .memoryBytes = uint64_t(512) << 20});
    EXPECT_NE(why.find("needed more than 512 MB of memory reading CesiumMan.glb and was stopped"), std::string::npos) << why;
    EXPECT_NE(why.find("BONESCOPE_IMPORT_MEMORY_MB"), std::string::npos) << why;
}

TEST(AssimpChild, CrashInTheHelperIsNamed)
{
    const std::string why = testHelperError("crash", {});
    EXPECT_NE(why.find("crashed reading CesiumMan.glb (SIGSEGV)"), std::string::npos) << why;
}

// Without the switch the test helper is the real one.
TEST(AssimpChild, TestHelperWithoutSwitchReads)
{
    EXPECT_EQ(testHelperError(nullptr, {}), "");
}

TEST(AssimpChild, MissingHelperSaysSo)
{
    ImportOptions options;
    options.program = test::tempPath("no-such-helper");
    const std::vector<uint8_t> bytes = test::readBytes(test::fixturePath("rigs/CesiumMan.glb"));
    const std::string why = errorOf([&] { importInChild({"glb", "", true, bytes}, "CesiumMan.glb", options); });
    EXPECT_NE(why.find("cannot start bonescope-import"), std::string::npos) << why;
    EXPECT_NE(why.find("no-such-helper"), std::string::npos) << why;
}

TEST(AssimpChild, LimitsComeFromTheEnvironment)
{
    {
        const ScopedEnvironment seconds("BONESCOPE_IMPORT_SECONDS", "2.5");
        const ScopedEnvironment memory("BONESCOPE_IMPORT_MEMORY_MB", "100");
        const platform::ChildLimits limits = ImportOptions::importLimitsFromEnvironment();
        EXPECT_EQ(limits.seconds, 2.5);
        EXPECT_EQ(limits.memoryBytes, uint64_t(100) << 20);
    }
    const ScopedEnvironment seconds("BONESCOPE_IMPORT_SECONDS", "soon");
    const platform::ChildLimits limits = ImportOptions::importLimitsFromEnvironment();
    EXPECT_EQ(limits.seconds, 60);
    EXPECT_EQ(limits.memoryBytes, uint64_t(4) << 30);
}
