#pragma once
// Every file Assimp reads is read in a child process, bonescope-import (app/import/): Assimp is a
// large C++ library that crashes, aborts or hangs on some real files, and in the window that would
// take the user's unsaved work with it. Here the child's end, whatever it is, becomes a ParseError
// that names the file and says what happened in words a user can act on.
//
// One helper serves file after file: it is started by the first read and kept (platform::KeptChild),
// so that only the first file pays its start (tens of milliseconds: loading Assimp). A helper that
// crashed, was stopped at a limit or ended by itself is replaced by the next read. A thread takes an
// idle helper started with the same program and limits, or starts one, and gives it back after its
// answer: threads reading at once (a batch convert) each have a helper of their own, and no helper
// is ever asked two things at once. A helper's limits are set when it starts: a read with other
// limits starts another.
//
// Limits, settable in the environment: BONESCOPE_IMPORT_SECONDS (default 60) and
// BONESCOPE_IMPORT_MEMORY_MB (default 4096; 0: no limit). The helper is looked for beside the running
// executable, then in the build tree it was built in.
#include <string>
#include <vector>

#include "core/model/scene.h"
#include "formats/import_wire.h"
#include "formats/platform/child_process.h"

namespace bonescope {

// The helper's exit status when an allocation failed (its memory limit was reached).
constexpr int kImportOutOfMemory = 86;

struct ImportOptions {
    std::string program;                 // "": importProgram()
    std::vector<std::string> arguments;  // for tests
    platform::ChildLimits limits = importLimitsFromEnvironment();

    // The defaults, changed by BONESCOPE_IMPORT_SECONDS and BONESCOPE_IMPORT_MEMORY_MB when they hold
    // a number.
    static platform::ChildLimits importLimitsFromEnvironment();
};

// The helper's path (UTF-8). Throws ParseError saying where it was looked for when it is nowhere.
std::string importProgram();

// Reads the request's file in the helper. `path` names the file in messages ("" for bytes that came
// from no file). Throws ParseError: the reader's own error as the helper reports it (with its byte
// offset), or what ended the helper (crash, time or memory limit, missing helper).
Scene importInChild(const wire::ImportRequest& request, const std::string& path, const ImportOptions& options = {});

// Ends the idle helpers (the next read starts a new one): for tests and benchmarks, which change
// what a helper inherits when it starts (its environment) or measure its start.
void stopImportHelpers();

// How many helpers this process has started.
uint64_t importHelpersStarted();

} // namespace bonescope
