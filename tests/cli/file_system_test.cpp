// The platform file layer with faults injected: files that change while they are read, special
// files, full disks, short writes, failed flushes, symlinks, and a process killed mid-write.
#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "formats/bone_map_file.h"
#include "formats/file_io.h"
#include "formats/platform/file_system.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;

namespace bonescope {
namespace {

using platform::faultInjection;

// Clears the seams whatever the test does.
struct Faults {
    Faults() { faultInjection().reset(); }
    ~Faults() { faultInjection().reset(); }
    platform::FaultInjection* operator->() { return &faultInjection(); }
};

std::vector<uint8_t> pattern(size_t n)
{
    std::vector<uint8_t> v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = uint8_t(i * 131 + 7);
    return v;
}

std::string errorOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "(no error)";
}

size_t countOccurrences(const std::string& text, const std::string& what)
{
    size_t n = 0;
    for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1))
        ++n;
    return n;
}

std::vector<std::string> folderListing(const fs::path& dir)
{
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir))
        names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

// ---- Reading ---------------------------------------------------------------------------------------

TEST(FileSystemRead, ReadsAWholeFileInChunks)
{
    Faults faults;
    faults->readChunk = 1000;
    const std::string path = test::tempPath("read-chunks.bin");
    test::writeBytes(path, pattern(10'500));
    std::vector<uint64_t> seen;
    faults->afterReadChunk = [&](const std::string&, uint64_t done) { seen.push_back(done); };
    const platform::FileContents c = platform::readFile(path);
    EXPECT_EQ(std::vector<uint8_t>(c.bytes().begin(), c.bytes().end()), pattern(10'500));
    ASSERT_EQ(seen.size(), 11u);
    EXPECT_EQ(seen.back(), 10'500u);
}

// Another program truncates the file between two reads (an exporter rewriting it in place): an
// error, never SIGBUS (before: the file was memory-mapped and the parser died touching lost pages).
TEST(FileSystemRead, TruncatedWhileReadIsAnError)
{
    Faults faults;
    faults->readChunk = 100;
    const std::string path = test::tempPath("truncated-while-read.seanim");
    test::writeBytes(path, test::readBytes(test::samplePath("seanim/synth_abs_lrs_loop_notes.seanim")));
    ASSERT_GT(fs::file_size(path), 200u);
    faults->afterReadChunk = [](const std::string& p, uint64_t) { fs::resize_file(p, 100); };
    const std::string error = errorOf([&] { loadScene(path); });
    EXPECT_EQ(error, path + ": the file changed while it was being read (another program is writing it?); "
                            "open it again when it is complete");
}

TEST(FileSystemRead, ExtendedOrRewrittenWhileReadIsAnError)
{
    Faults faults;
    faults->readChunk = 1000;
    const std::string path = test::tempPath("grown-while-read.bin");
    test::writeBytes(path, pattern(3000));
    faults->afterReadChunk = [](const std::string& p, uint64_t done) {
        if (done == 3000)
            fs::resize_file(p, 5000);
    };
    EXPECT_NE(errorOf([&] { platform::readFile(path); }).find("the file changed while it was being read"),
              std::string::npos);

    // Same size, new content: the modification time tells.
    test::writeBytes(path, pattern(3000));
    faults->afterReadChunk = [](const std::string& p, uint64_t done) {
        if (done == 1000) {
            ::usleep(20'000);
            test::writeBytes(p, std::vector<uint8_t>(3000, 0));
        }
    };
    EXPECT_NE(errorOf([&] { platform::readFile(path); }).find("the file changed while it was being read"),
              std::string::npos);
}

// A FIFO used to block the open forever, /dev/zero to read until memory ran out.
TEST(FileSystemRead, RefusesWhatIsNotARegularFile)
{
    const std::string fifo = test::tempPath("a-fifo.seanim");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_EQ(errorOf([&] { platform::readFile(fifo); }), fifo + ": is a FIFO (named pipe), not a regular file");
    EXPECT_EQ(errorOf([&] { platform::readFile("/dev/zero"); }),
              "/dev/zero: is a character device, not a regular file");
    const std::string dir = test::tempPath("a-folder.seanim");
    fs::create_directories(dir);
    EXPECT_EQ(errorOf([&] { platform::readFile(dir); }), dir + ": is a folder, not a file");
    EXPECT_EQ(errorOf([&] { platform::readFile(dir + "/missing"); }),
              dir + "/missing: cannot open: No such file or directory");
}

TEST(FileSystemRead, EmptyFile)
{
    const std::string path = test::tempPath("empty.bin");
    test::writeBytes(path, {});
    EXPECT_EQ(platform::readFile(path).bytes().size(), 0u);
}

// ---- Writing ---------------------------------------------------------------------------------------

// A full disk at the first write, after a short write, and a flush that fails: each time the
// original stays byte for byte, the error names the path once, and no temporary is left.
TEST(FileSystemWrite, FailedWritesLeaveTheOriginal)
{
    Faults faults;
    const fs::path dir = test::freshFolder("write-faults");
    const std::string path = (dir / "walk.seanim").string();
    const auto original = pattern(5000);
    test::writeBytes(path, original);
    const auto replacement = pattern(70'000);

    struct Case {
        const char* name;
        std::function<long long(size_t)> beforeWrite;
        int syncError;
        const char* message;
    };
    int writes = 0;
    const Case cases[] = {
        {"ENOSPC at once", [](size_t) { return -(long long)ENOSPC; }, 0,
         ": cannot write (the original is unchanged): No space left on device"},
        {"short writes then ENOSPC",
         [&](size_t want) { return ++writes < 4 ? (long long)std::min<size_t>(want, 1000) : -(long long)ENOSPC; }, 0,
         ": cannot write (the original is unchanged): No space left on device"},
        {"zero-byte write", [](size_t) { return 0LL; }, 0,
         ": cannot write (the original is unchanged): No space left on device"},
        {"flush fails", {}, EIO, ": cannot flush to disk (the original is unchanged): Input/output error"},
    };
    for (const bool unnamed : {true, false}) {
        for (const Case& c : cases) {
            SCOPED_TRACE(std::string(c.name) + (unnamed ? " (O_TMPFILE)" : " (named temporary)"));
            writes = 0;
            faults->reset();
            faults->refuseAnonymousTemporary = !unnamed;
            faults->beforeWrite = c.beforeWrite;
            faults->syncError = c.syncError;
            const std::string error = errorOf([&] { writeFileAtomic(path, replacement); });
            EXPECT_EQ(error, path + c.message);
            EXPECT_EQ(countOccurrences(error, path), 1u);
            EXPECT_EQ(test::readBytes(path), original);
            EXPECT_EQ(folderListing(dir), std::vector<std::string>{"walk.seanim"});
        }
    }
    // Short writes that do get through are completed.
    faults->reset();
    faults->beforeWrite = [](size_t want) { return (long long)std::min<size_t>(want, 777); };
    writeFileAtomic(path, replacement);
    EXPECT_EQ(test::readBytes(path), replacement);
}

// A big file goes out a megabyte at a time (faster than one write of it all), and a disk that fills
// up after some of those megabytes still leaves the original and no temporary.
TEST(FileSystemWrite, BigFilesGoOutInMegabytesAndAFullDiskMidwayLeavesTheOriginal)
{
    Faults faults;
    const fs::path dir = test::freshFolder("write-pieces");
    const std::string path = (dir / "big.seanim").string();
    const auto original = pattern(3000);
    test::writeBytes(path, original);
    const auto replacement = pattern((5 << 20) + 123);

    std::vector<size_t> wants;
    faults->beforeWrite = [&](size_t want) {
        wants.push_back(want);
        return (long long)want;
    };
    writeFileAtomic(path, replacement);
    EXPECT_EQ(test::readBytes(path), replacement);
    EXPECT_EQ(wants, (std::vector<size_t>{1 << 20, 1 << 20, 1 << 20, 1 << 20, 1 << 20, 123}));

    test::writeBytes(path, original);
    for (const bool unnamed : {true, false}) {
        SCOPED_TRACE(unnamed ? "O_TMPFILE" : "named temporary");
        faults->reset();
        faults->refuseAnonymousTemporary = !unnamed;
        size_t written = 0;
        faults->beforeWrite = [&](size_t want) {
            if (written >= (3u << 20))
                return -(long long)ENOSPC;
            written += want;
            return (long long)want;
        };
        EXPECT_EQ(errorOf([&] { writeFileAtomic(path, replacement); }),
                  path + ": cannot write (the original is unchanged): No space left on device");
        EXPECT_EQ(written, size_t(3) << 20);
        EXPECT_EQ(test::readBytes(path), original);
        EXPECT_EQ(folderListing(dir), std::vector<std::string>{"big.seanim"});
    }
}

// Bytes made while they are written (convert's big SEAnim): each piece goes out as it comes, the size
// is returned, and a writer that fails midway leaves the original and no temporary.
TEST(FileSystemWrite, AWriterThatFailsMidwayLeavesTheOriginal)
{
    Faults faults;
    const fs::path dir = test::freshFolder("write-producer");
    const std::string path = (dir / "walk.seanim").string();
    const auto original = pattern(3000), first = pattern(2 << 20), second = pattern(1000);
    test::writeBytes(path, original);

    size_t writes = 0;
    faults->beforeWrite = [&](size_t want) {
        ++writes;
        return (long long)want;
    };
    EXPECT_EQ(writeFileAtomic(path, [&](const ByteSink& out) { out(first), out(second); }), first.size() + 1000);
    auto expected = first;
    expected.insert(expected.end(), second.begin(), second.end());
    EXPECT_EQ(test::readBytes(path), expected);
    EXPECT_EQ(writes, 3u); // two megabytes, then the second piece

    test::writeBytes(path, original);
    for (const bool unnamed : {true, false}) {
        SCOPED_TRACE(unnamed ? "O_TMPFILE" : "named temporary");
        faults->reset();
        faults->refuseAnonymousTemporary = !unnamed;
        EXPECT_EQ(errorOf([&] {
                      writeFileAtomic(path, [&](const ByteSink& out) {
                          out(first);
                          throw std::runtime_error("SEAnim: a bone modifier names no bone");
                      });
                  }),
                  "SEAnim: a bone modifier names no bone");
        EXPECT_EQ(test::readBytes(path), original);
        EXPECT_EQ(folderListing(dir), std::vector<std::string>{"walk.seanim"});
    }
}

TEST(FileSystemWrite, NewFileFailureNamesThePathOnce)
{
    const std::string path = test::tempPath("no-such-folder") + "/x.seanim";
    const std::string error = errorOf([&] { writeFileAtomic(path, pattern(10)); });
    EXPECT_EQ(error, path + ": cannot create a temporary file beside it: No such file or directory");
}

// Editors write through a symlink to its target; before, the link was replaced by a regular file
// and the target kept its old content.
TEST(FileSystemWrite, WritesThroughSymlinks)
{
    Faults faults;
    for (const bool unnamed : {true, false}) {
        faults->refuseAnonymousTemporary = !unnamed;
        const fs::path dir = test::tempPath(unnamed ? "links-unnamed" : "links-named");
        fs::create_directories(dir / "real");
        const fs::path target = dir / "real" / "walk.seanim";
        test::writeBytes(target.string(), pattern(10));
        ::chmod(target.c_str(), 0640);
        fs::create_symlink("real/walk.seanim", dir / "link.seanim"); // relative
        fs::create_symlink(dir / "link.seanim", dir / "link2.seanim"); // a chain, absolute

        writeFileAtomic((dir / "link2.seanim").string(), pattern(20));
        EXPECT_TRUE(fs::is_symlink(dir / "link.seanim"));
        EXPECT_TRUE(fs::is_symlink(dir / "link2.seanim"));
        EXPECT_EQ(test::readBytes(target.string()), pattern(20));
        EXPECT_EQ(fs::status(target).permissions() & fs::perms::all,
                  fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);

        // A dangling link: the target is created where the link points.
        fs::create_symlink("real/new.seanim", dir / "dangling.seanim");
        writeFileAtomic((dir / "dangling.seanim").string(), pattern(30));
        EXPECT_TRUE(fs::is_symlink(dir / "dangling.seanim"));
        EXPECT_EQ(test::readBytes((dir / "real" / "new.seanim").string()), pattern(30));
        EXPECT_EQ(folderListing(dir / "real"), (std::vector<std::string>{"new.seanim", "walk.seanim"}));
    }
}

TEST(FileSystemWrite, NeverReplacesASpecialFileOrAFolder)
{
    const std::string dir = test::tempPath("out-is-a-folder.seanim");
    fs::create_directories(dir);
    EXPECT_EQ(errorOf([&] { writeFileAtomic(dir, pattern(3)); }), dir + ": is a folder, not a regular file; not replaced");
    EXPECT_TRUE(fs::is_directory(dir));
    const std::string fifo = test::tempPath("out-fifo.bvh");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_NE(errorOf([&] { writeFileAtomic(fifo, pattern(3)); }).find("is a FIFO (named pipe), not a regular file"),
              std::string::npos);
    EXPECT_TRUE(fs::is_fifo(fifo));
}

TEST(FileSystemWrite, ReplaceNeverLeavesAnExistingFile)
{
    Faults faults;
    for (const bool unnamed : {true, false}) {
        faults->refuseAnonymousTemporary = !unnamed;
        const fs::path dir = test::freshFolder(unnamed ? "never-unnamed" : "never-named");
        const std::string path = (dir / "a.bvh").string();
        writeFileAtomic(path, pattern(5), Replace::Never);
        EXPECT_EQ(test::readBytes(path), pattern(5));
        EXPECT_THROW(writeFileAtomic(path, pattern(6), Replace::Never), FileExistsError);
        EXPECT_EQ(test::readBytes(path), pattern(5));
        EXPECT_EQ(folderListing(dir), std::vector<std::string>{"a.bvh"});
    }
}

// kill -9 in the middle of writing: with O_TMPFILE the temporary has no name, so nothing is left
// (before: NAME.tmp-XXXXXX stayed behind). The named fallback is what other systems get.
TEST(FileSystemWrite, KilledMidWriteLeavesNothingBehind)
{
    const fs::path dir = test::freshFolder("killed");
    const std::string path = (dir / "walk.seanim").string();
    test::writeBytes(path, pattern(100));
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        int writes = 0;
        faultInjection().readChunk = 0;
        faultInjection().beforeWrite = [&](size_t want) -> long long {
            if (++writes == 2)
                ::raise(SIGKILL);
            return (long long)std::min<size_t>(want, 1000);
        };
        writeFileAtomic(path, pattern(50'000));
        ::_exit(0);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    EXPECT_EQ(folderListing(dir), std::vector<std::string>{"walk.seanim"});
    EXPECT_EQ(test::readBytes(path), pattern(100));
}

// BoneMap::save wrote in place with std::ofstream and reported success on /dev/full; now it goes
// through the checked atomic writer.
TEST(FileSystemWrite, BoneMapSaveIsCheckedAndAtomic)
{
    Faults faults;
    BoneMap m;
    m.map = {{"pelvis", "Hips"}};
    const std::string path = test::tempPath("map.json");
    saveBoneMap(m, path);
    const auto before = test::readBytes(path);
    m.map["spine"] = "Spine";
    faults->beforeWrite = [](size_t) { return -(long long)ENOSPC; };
    EXPECT_EQ(errorOf([&] { saveBoneMap(m, path); }),
              path + ": cannot write (the original is unchanged): No space left on device");
    EXPECT_EQ(test::readBytes(path), before);
    faults->reset();
    EXPECT_NE(errorOf([&] { saveBoneMap(m, "/dev/full"); }).find("/dev/full: is a character device"), std::string::npos);
    EXPECT_NE(errorOf([&] { loadBoneMap("/dev/zero"); }).find("not a regular file"), std::string::npos);
}

} // namespace
} // namespace bonescope
