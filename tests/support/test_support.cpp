#include "tests/support/test_support.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

#include "app/cli/cli.h"

namespace fs = std::filesystem;

namespace bonescope::test {

std::string samplePath(const std::string& relative) { return std::string(BONESCOPE_SAMPLES) + "/" + relative; }
std::string fixturePath(const std::string& relative) { return std::string(BONESCOPE_FIXTURES) + "/" + relative; }

std::vector<std::string> samplesIn(const std::string& folder, const std::string& extension)
{
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(folder))
        if (e.path().extension() == extension)
            out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<uint8_t> readBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot read " + path);
    return {std::istreambuf_iterator<char>(in), {}};
}

void writeBytes(const std::string& path, const std::vector<uint8_t>& bytes)
{
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

namespace {

// remove_all, also of files copied read-only from the samples (Windows refuses to delete a read-only
// file: a run that finds an earlier run's folder would fail every test that uses one).
void removeTree(const fs::path& dir)
{
    std::error_code ec;
    if (!fs::exists(dir, ec))
        return;
    for (const auto& e : fs::recursive_directory_iterator(dir, ec))
        fs::permissions(e.path(), fs::perms::owner_write, fs::perm_options::add, ec);
    fs::remove_all(dir);
}

// One folder per test process, removed when the process ends: the suite starts some 800 processes,
// and folders left behind filled a CI machine's disk. BONESCOPE_KEEP_TEST_FILES=1 keeps it to look at.
struct ProcessFolder {
    fs::path path;
    ProcessFolder() : path(fs::temp_directory_path() / ("bonescope-test-" + std::to_string(::getpid())))
    {
        removeTree(path); // a process id used again finds an earlier run's folder: start from nothing
        fs::create_directories(path);
    }
    ~ProcessFolder()
    {
        const char* keep = std::getenv("BONESCOPE_KEEP_TEST_FILES");
        if (keep && *keep && std::string(keep) != "0")
            return;
        try {
            removeTree(path);
        } catch (const std::exception&) {
            // a file still open at exit (Windows refuses to delete it): the next run starts afresh
        }
    }
};

} // namespace

std::string tempPath(const std::string& name)
{
    static const ProcessFolder dir;
    return (dir.path / name).string();
}

std::filesystem::path freshFolder(const std::string& name)
{
    const std::filesystem::path dir = tempPath(name);
    removeTree(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

const std::vector<uint8_t>& keepGlb(const std::string& name, const std::vector<uint8_t>& bytes)
{
    if (const char* dir = std::getenv("BONESCOPE_GLB_OUT"); dir && *dir) {
        std::string safe = name;
        for (char& c : safe)
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-')
                c = '_';
        fs::create_directories(dir);
        writeBytes((fs::path(dir) / (safe + ".glb")).string(), bytes);
    }
    return bytes;
}

CliResult runCli(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    const int status = cli::run(args, out, err);
    return {status, out.str(), err.str()};
}

} // namespace bonescope::test
