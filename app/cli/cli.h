#pragma once
// bonescope-cli: the commands, callable in process (tests) or from main().
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace bonescope::cli {

// Exit statuses shared by every command.
constexpr int Ok = 0;
constexpr int Invalid = 1; // an input could not be read or is invalid
constexpr int Usage = 2;   // wrong command line

struct Args {
    std::vector<std::string> positional;
    std::map<std::string, std::string> options; // "--time" -> "1.5"; flags map to ""
    bool has(const std::string& o) const { return options.count(o) > 0; }
    std::string get(const std::string& o, const std::string& fallback = {}) const
    {
        auto it = options.find(o);
        return it == options.end() ? fallback : it->second;
    }
};

struct Io {
    std::ostream& out;
    std::ostream& err;
};

int run(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);

int cmdInfo(const Args& a, Io io);
int cmdDump(const Args& a, Io io);
int cmdPose(const Args& a, Io io);
int cmdConvert(const Args& a, Io io);
int cmdValidate(const Args& a, Io io);
int cmdEdit(const Args& a, Io io);
int cmdRig(const Args& a, Io io);
// Exit 0 within the bounds, 1 different, 2 trouble (as cmp and diff).
int cmdDiff(const Args& a, Io io);
int cmdSplit(const Args& a, Io io);
int cmdMerge(const Args& a, Io io);

// Helpers shared by the commands.
int usageError(Io io, const std::string& message);
// A finite number written the whole way (no trailing text).
bool parseNumber(const std::string& s, double& out);
// "A:B" or "A,B,C": such numbers separated by `sep`.
bool parseNumbers(const std::string& s, char sep, std::vector<double>& out);
// --animation's value: an index 0..kMaxAnimationIndex, NotAnIndex for a name, BadIndex for a number
// that is no index (negative, fractional, huge: checked without a float-to-int cast).
constexpr int kMaxAnimationIndex = 1000000;
constexpr int NotAnIndex = -1;
constexpr int BadIndex = -2;
int animationIndex(const std::string& s);
// --max-memory's value: bytes, or a number with K, M or G (powers of 1024), from 1M to 1024G.
std::optional<uint64_t> parseByteSize(const std::string& s);

} // namespace bonescope::cli
