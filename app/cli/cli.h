#pragma once
// bonescope-cli: the commands, callable in process (tests) or from main().
#include <map>
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

// Helpers shared by the commands.
int usageError(Io io, const std::string& message);
bool parseNumber(const std::string& s, double& out);

} // namespace bonescope::cli
