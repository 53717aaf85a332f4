// bonescope-import: reads one file with Assimp for Bonescope, in a process of its own, so that a crash,
// abort or hang inside Assimp ends this helper and never Bonescope (formats/assimp/assimp_child.h
// starts it and explains how it ended). The request comes on standard input and the answer goes to
// standard output, both in the form formats/import_wire.h describes. Not meant to be run by hand.
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
#include "formats/platform/file_system.h"

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
void outOfMemory()
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

bool writeAll(FILE* out, const std::vector<uint8_t>& bytes)
{
    return std::fwrite(bytes.data(), 1, bytes.size(), out) == bytes.size() && std::fflush(out) == 0;
}

} // namespace

int main(int argc, char** argv)
{
    std::set_new_handler(outOfMemory);
#ifdef _WIN32
    // A crash ends the process at once, with no dialog waiting for a click; stdout carries bytes.
    SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX | SEM_NOOPENFILEERRORBOX);
    _setmode(_fileno(stdout), _O_BINARY);
#endif
    if (argc > 1) {
        std::fprintf(stderr, "bonescope-import reads one file for Bonescope (the request on standard input); it takes "
                             "no arguments and is not meant to be run by hand\n");
        return 2;
    }
    FILE* const answerStream = takeAnswerStream();
    std::vector<uint8_t> answer;
    try {
        const platform::FileContents input = platform::readStandardInput();
        const wire::ImportRequest request = wire::decodeRequest(input.bytes());
#ifdef BONESCOPE_IMPORT_TEST_SWITCHES
        test::actOnSwitch();
#endif
        try {
            answer = wire::encodeScene(readWithAssimp(request.bytes, request.hint, request.folder, request.animations, request.name));
        } catch (const ParseError& e) {
            answer = wire::encodeFailure(e.reason(), e.offset());
        } catch (const std::bad_alloc&) {
            outOfMemory();
        } catch (const std::exception& e) {
            answer = wire::encodeFailure(e.what(), ParseError::NoOffset);
        }
    } catch (const std::exception& e) { // the request itself
        std::fprintf(stderr, "bonescope-import: %s\n", e.what());
        return 2;
    }
    return writeAll(answerStream, answer) ? 0 : 3;
}
