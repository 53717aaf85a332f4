#include "formats/assimp/assimp_child.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>

#include "formats/parse_error.h"
#include "formats/platform/utf8_path.h"

namespace bonescope {

namespace {

#ifdef _WIN32
constexpr const char* kProgramName = "bonescope-import.exe";
#else
constexpr const char* kProgramName = "bonescope-import";
#endif

// A number from the environment, or nothing when the variable is unset or not a number >= 0.
bool environmentNumber(const char* name, double& out)
{
    const char* text = std::getenv(name);
    if (!text || !*text)
        return false;
    char* end = nullptr;
    const double v = std::strtod(text, &end);
    if (*end != '\0' || !std::isfinite(v) || v < 0)
        return false;
    out = v;
    return true;
}

bool isFile(const std::string& utf8)
{
    std::error_code ec;
    return std::filesystem::is_regular_file(platform::utf8Path(utf8), ec);
}

std::string fileName(const std::string& path)
{
    return path.empty() ? "the file" : platform::utf8String(platform::utf8Path(path).filename());
}

std::string formatSeconds(double s)
{
    std::string t = std::to_string(s);
    t.erase(t.find_last_not_of('0') + 1);
    if (!t.empty() && t.back() == '.')
        t.pop_back();
    return t;
}

constexpr const char* kAssimp = "Assimp, the library that reads FBX, COLLADA and glTF files for Bonescope,";

// What ended the helper, in a user's words.
std::string endedBecause(const platform::ChildResult& run, const platform::ChildLimits& limits, const std::string& name)
{
    using End = platform::ChildResult::End;
    // The helper's first line on stderr (an ai_assert's file and line), for a report to Assimp.
    const std::string said = run.errors.substr(0, std::min<size_t>(run.errors.find('\n'), 200));
    const std::string damaged = "; the file is probably damaged or uses a feature Assimp cannot read (Bonescope itself "
                                "is unharmed: re-exporting the file from the program that made it may help)";
    switch (run.end) {
    case End::TimedOut:
        return std::string(kAssimp) + " was still reading " + name + " after " + formatSeconds(limits.seconds) +
               " s and was stopped; the file may be damaged, or very large (the limit is set with the environment "
               "variable BONESCOPE_IMPORT_SECONDS)";
    case End::Crashed:
        return std::string(kAssimp) + " crashed reading " + name + " (" +
#ifdef _WIN32
               "exception 0x" + [&] {
                   char hex[16];
                   std::snprintf(hex, sizeof hex, "%08X", unsigned(run.exitCode));
                   return std::string(hex);
               }() +
#else
               platform::signalName(run.signal) +
#endif
               (said.empty() ? "" : "; Assimp said: " + said) + ")" + damaged;
    case End::Exited:
        if (run.exitCode == kImportOutOfMemory)
            return std::string(kAssimp) + " needed more than " + std::to_string(limits.memoryBytes >> 20) +
                   " MB of memory reading " + name + " and was stopped; the file may be damaged, or very large (the "
                   "limit is set with the environment variable BONESCOPE_IMPORT_MEMORY_MB)";
        return std::string(kAssimp) + " ended with status " + std::to_string(run.exitCode) + " reading " + name +
               (said.empty() ? "" : " (" + said + ")") + damaged;
    case End::FailedToStart:
    case End::Answered:
        break;
    }
    return "cannot start bonescope-import, the helper that reads FBX, COLLADA and glTF files: " + run.why;
}

// The helpers waiting for a file. At most as many are kept as threads have read at once, and no more
// than kMostIdle; what is ended is ended outside the lock (an end waits for the helper to go).
class IdleHelpers {
public:
    std::unique_ptr<platform::KeptChild> take(const std::string& program, const ImportOptions& options)
    {
        const auto forThis = [&](const std::unique_ptr<platform::KeptChild>& h) {
            return h && h->program() == program && h->arguments() == options.arguments;
        };
        const auto sameLimits = [&](const std::unique_ptr<platform::KeptChild>& h) {
            return h->limits().seconds == options.limits.seconds && h->limits().memoryBytes == options.limits.memoryBytes;
        };
        std::vector<std::unique_ptr<platform::KeptChild>> ending; // ended once the lock is let go
        std::unique_ptr<platform::KeptChild> found;
        {
            const std::lock_guard lock(mutex_);
            const auto same = std::find_if(idle_.begin(), idle_.end(), [&](const auto& h) { return forThis(h) && sameLimits(h); });
            if (same != idle_.end())
                found = std::move(*same);
            // The limits are set when a helper starts: one kept with other limits will not serve again.
            for (std::unique_ptr<platform::KeptChild>& h : idle_)
                if (forThis(h) && !sameLimits(h))
                    ending.push_back(std::move(h));
            std::erase(idle_, nullptr);
        }
        return found ? std::move(found) : std::make_unique<platform::KeptChild>(program, options.arguments, options.limits);
    }

    void giveBack(std::unique_ptr<platform::KeptChild> helper)
    {
        const std::lock_guard lock(mutex_);
        if (idle_.size() < kMostIdle)
            idle_.push_back(std::move(helper));
        else
            helper.reset(); // an idle helper's end is quick: it waits for nothing but its input
    }

    void stopAll()
    {
        std::vector<std::unique_ptr<platform::KeptChild>> ending;
        const std::lock_guard lock(mutex_);
        ending.swap(idle_);
    }

private:
    static constexpr size_t kMostIdle = 16;
    std::mutex mutex_;
    std::vector<std::unique_ptr<platform::KeptChild>> idle_;
};

IdleHelpers& idleHelpers()
{
    static IdleHelpers helpers; // ended with the process: each helper sees the end of its input and ends
    return helpers;
}

} // namespace

void stopImportHelpers() { idleHelpers().stopAll(); }

uint64_t importHelpersStarted() { return platform::KeptChild::started(); }

platform::ChildLimits ImportOptions::importLimitsFromEnvironment()
{
    platform::ChildLimits limits;
    double v = 0;
    if (environmentNumber("BONESCOPE_IMPORT_SECONDS", v) && v > 0)
        limits.seconds = v;
    if (environmentNumber("BONESCOPE_IMPORT_MEMORY_MB", v))
        limits.memoryBytes = uint64_t(v) << 20;
    return limits;
}

std::string importProgram()
{
    std::vector<std::string> looked;
    if (const std::string folder = platform::executableFolder(); !folder.empty())
        looked.push_back(platform::utf8String(platform::utf8Path(folder) / kProgramName));
#ifdef BONESCOPE_IMPORT_BUILD_PATH
    looked.push_back(BONESCOPE_IMPORT_BUILD_PATH); // the build tree's, for programs run from elsewhere in it
#endif
    for (const std::string& path : looked)
        if (isFile(path))
            return path;
    std::string where;
    for (const std::string& path : looked)
        where += (where.empty() ? "" : ", ") + path;
    throw ParseError(std::string("bonescope-import, the helper program that reads FBX, COLLADA and glTF files, is not "
                                 "installed beside Bonescope (looked for ") +
                     (where.empty() ? kProgramName : where.c_str()) + "); reinstalling Bonescope puts it back");
}

Scene importInChild(const wire::ImportRequest& request, const std::string& path, const ImportOptions& options)
{
    const std::string program = options.program.empty() ? importProgram() : options.program;
    const std::vector<uint8_t> input = wire::encodeRequest(request);
    std::unique_ptr<platform::KeptChild> helper = idleHelpers().take(program, options);
    const platform::ChildResult run = helper->ask(input);
    idleHelpers().giveBack(std::move(helper));
    const std::string name = fileName(path);
    if (run.end != platform::ChildResult::End::Answered)
        throw ParseError(endedBecause(run, options.limits, name));
    wire::ImportAnswer answer;
    try {
        answer = wire::decodeAnswer(run.output);
    } catch (const ParseError& e) {
        throw ParseError("the answer of bonescope-import (the helper that reads FBX, COLLADA and glTF files) for " + name +
                         " is damaged: " + e.what() + (run.errors.empty() ? "" : " (it said: " + run.errors.substr(0, 200) + ")"));
    }
    if (!answer.ok)
        throw ParseError(answer.reason, answer.offset);
    return std::move(answer.scene);
}

} // namespace bonescope
