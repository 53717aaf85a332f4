// bonescope-import: reads files with Assimp for Bonescope, in a process of its own, so that a crash,
// abort or hang inside Assimp ends this helper and never Bonescope (formats/assimp/assimp_child.h
// starts it, keeps it for the next file and explains how it ended). Requests come on standard input
// and answers go to standard output, each a frame (formats/platform/child_process.h) holding the form
// formats/import_wire.h describes, one answer per request until the input ends. Not meant to be run
// by hand.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#else
#include <unistd.h>
#endif

#include "formats/assimp/assimp_child.h"
#include "formats/assimp/assimp_import.h"
#include "formats/import_wire.h"
#include "formats/parse_error.h"
#include "formats/platform/child_process.h"
#include "formats/platform/process_memory.h"

#ifdef BONESCOPE_IMPORT_TEST_SWITCHES
#include "app/import/test_switches.h"
#endif

using namespace bonescope;

#if defined(__SANITIZE_ADDRESS__)
// A sanitized build (scripts/test --sanitize): a crash inside Assimp (not instrumented) ends the
// helper by its signal, as in a plain build, instead of a sanitizer report with exit status 1.
extern "C" const char* __asan_default_options()
{
    return "handle_segv=0:handle_abort=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0";
}
#endif

namespace {

// An allocation that fails (the memory limit reached) ends the helper with the status the parent
// explains; nothing that needs memory is done on the way out.
[[noreturn]] void outOfMemory()
{
    static const char message[] = "bonescope-import: out of memory\n";
#ifdef _WIN32
    DWORD n = 0;
    WriteFile(GetStdHandle(STD_ERROR_HANDLE), message, DWORD(sizeof message - 1), &n, nullptr);
#else
    [[maybe_unused]] const ssize_t n = ::write(2, message, sizeof message - 1);
#endif
    std::_Exit(kImportOutOfMemory);
}

// Some Assimp readers print to standard output (the Ogre reader's notes): the answer gets a copy of
// it of its own, and standard output goes to standard error while Assimp reads.
FILE* takeAnswerStream()
{
    std::fflush(stdout);
#ifdef _WIN32
    const int answer = _dup(_fileno(stdout));
    if (answer < 0 || _dup2(_fileno(stderr), _fileno(stdout)) != 0)
        return stdout;
    _setmode(answer, _O_BINARY);
    FILE* out = _fdopen(answer, "wb");
#else
    const int answer = ::dup(STDOUT_FILENO);
    if (answer < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
        return stdout;
    FILE* out = ::fdopen(answer, "wb");
#endif
    return out ? out : stdout;
}

// The memory limit is set for the process, and holds for each file as long as what one file took is
// given back. Up to this much is kept for the next file (taking it again from the system costs a
// page fault per 4 KiB: half the helper's time for a file, on a virtual machine); beyond it the heap
// is given back, and a helper still holding more than this above what it held before its first file
// (a heap left in pieces) ends after its answer: the next file starts a new one.
constexpr uint64_t kKeptMemory = uint64_t(64) << 20;

// The answer to one request: the scene read, or the reader's failure. Throws for a damaged request.
std::vector<uint8_t> answerTo(std::span<const uint8_t> bytes)
{
    const wire::ImportRequest request = wire::decodeRequest(bytes);
#ifdef BONESCOPE_IMPORT_TEST_SWITCHES
    test::actOnSwitch();
#endif
    try {
        return wire::encodeScene(readWithAssimp(request.bytes, request.hint, request.folder, request.animations, request.name));
    } catch (const ParseError& e) {
        return wire::encodeFailure(e.reason(), e.offset());
    } catch (const std::bad_alloc&) {
        outOfMemory();
    } catch (const std::exception& e) {
        return wire::encodeFailure(e.what(), ParseError::NoOffset);
    }
}

} // namespace

int main(int argc, char** argv)
{
    std::set_new_handler(outOfMemory);
#ifdef _WIN32
    // A crash ends the process at once, with no dialog waiting for a click; stdout carries bytes.
    SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX | SEM_NOOPENFILEERRORBOX);
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stdin), _O_BINARY);
#endif
    if (argc > 1) {
        std::fprintf(stderr, "bonescope-import reads files for Bonescope (requests on standard input); it takes "
                             "no arguments and is not meant to be run by hand\n");
        return 2;
    }
    FILE* const answerStream = takeAnswerStream();
    platform::keepFreedMemory(kKeptMemory);
    const uint64_t memoryAtStart = platform::currentMemoryBytes();
    const auto holdsTooMuch = [&] { return memoryAtStart > 0 && platform::currentMemoryBytes() > memoryAtStart + kKeptMemory; };
    std::vector<uint8_t> request;
    while (platform::readFrame(stdin, request)) {
        std::vector<uint8_t> answer;
        try {
            answer = answerTo(request);
        } catch (const std::exception& e) { // the request itself
            std::fprintf(stderr, "bonescope-import: %s\n", e.what());
            return 2;
        }
        if (!platform::writeFrame(answerStream, answer))
            return 3;
        std::vector<uint8_t>().swap(answer);
        std::vector<uint8_t>().swap(request);
        if (holdsTooMuch())
            platform::releaseFreeMemory();
        if (holdsTooMuch())
            return 0; // the parent starts another for its next file
    }
    return 0;
}
