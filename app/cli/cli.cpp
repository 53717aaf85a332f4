#include "app/cli/cli.h"

#include <charconv>
#include <cmath>
#include <set>

#include "formats/registry.h"

namespace bonescope::cli {

namespace {

// Options that take a value; every other "--x" is a flag.
const std::set<std::string> kValueOptions = {"--time", "--skeleton", "--format", "--animation", "--target",
                                             "--to", "--out-dir", "--bone-map", "--frame",
                                             "--fps", "--scale", "--up", "--tolerance"};

const char* kUsage = R"(bonescope-cli - read, check and convert skeletal animation files

Usage:
  bonescope-cli info FILE                      summary: format, frames, fps, bones, keys, notes
  bonescope-cli dump FILE [--animation N|NAME] the whole animation as JSON (docs/dump-json.md)
  bonescope-cli pose FILE --time T [--skeleton MESH] [--animation N|NAME]
                                               sampled local and world transforms as JSON
  bonescope-cli convert IN OUT [--format NAME] write OUT (format from its extension unless given)
        [--fps N] [--scale S] [--up y|z] [--tolerance T] [--skeleton RIG] [--bone-map MAP]
                                               bake, rescale, re-axis, reduce keys, retarget
                                               (docs/conversion.md); what OUT cannot hold is reported
  bonescope-cli convert --to FORMAT --out-dir DIR [options] FILE_OR_FOLDER...
                                               convert many files on every core, keep going past
                                               bad ones, summary at the end
  bonescope-cli validate [--target NAME] FILE...
                                               report every problem found in each file
  bonescope-cli formats                        list the supported formats
  bonescope-cli --version                      print the version

Exit status: 0 success, 1 an input is invalid (the message names the file and byte offset),
2 wrong usage. Errors go to stderr.
)";

int cmdFormats(Io io)
{
    for (const auto& f : Registry::instance().formats()) {
        io.out << f->id() << "\t" << f->displayName() << "\t";
        const auto exts = f->extensions();
        for (size_t i = 0; i < exts.size(); ++i)
            io.out << (i ? " ." : ".") << exts[i];
        const Capabilities c = f->capabilities();
        io.out << "\t" << (c.write ? "read/write" : "read") << "\n";
    }
    return Ok;
}

} // namespace

int usageError(Io io, const std::string& message)
{
    io.err << "bonescope-cli: " << message << "\n(see 'bonescope-cli --help')\n";
    return Usage;
}

bool parseNumber(const std::string& s, double& out)
{
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && p == end && std::isfinite(out);
}

int run(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    Io io{out, err};
    if (argv.empty())
        return usageError(io, "no command given");
    const std::string& command = argv[0];
    if (command == "--help" || command == "-h" || command == "help") {
        out << kUsage;
        return Ok;
    }
    if (command == "--version") {
        out << "bonescope-cli " << BONESCOPE_VERSION << "\n";
        return Ok;
    }
    Args a;
    for (size_t i = 1; i < argv.size(); ++i) {
        const std::string& s = argv[i];
        if (s.size() > 2 && s.rfind("--", 0) == 0) {
            std::string name = s, value;
            const size_t eq = s.find('=');
            if (eq != std::string::npos) {
                name = s.substr(0, eq);
                value = s.substr(eq + 1);
            } else if (kValueOptions.count(s)) {
                if (i + 1 >= argv.size())
                    return usageError(io, s + " needs a value");
                value = argv[++i];
            }
            a.options[name] = value;
        } else {
            a.positional.push_back(s);
        }
    }
    if (command == "info") return cmdInfo(a, io);
    if (command == "dump") return cmdDump(a, io);
    if (command == "pose") return cmdPose(a, io);
    if (command == "convert") return cmdConvert(a, io);
    if (command == "validate") return cmdValidate(a, io);
    if (command == "formats") return cmdFormats(io);
    return usageError(io, "unknown command '" + command + "'");
}

} // namespace bonescope::cli
