#pragma once
// Shared by the tests: where the samples are, reading files, running the CLI in process.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace bonescope::test {

std::string samplePath(const std::string& relative);   // ../shared/samples/<relative>
std::string fixturePath(const std::string& relative);  // tests/fixtures/<relative>
std::vector<std::string> samplesIn(const std::string& folder, const std::string& extension);
std::vector<uint8_t> readBytes(const std::string& path);
void writeBytes(const std::string& path, const std::vector<uint8_t>& bytes);
std::string tempPath(const std::string& name); // a fresh path in a per-run temporary folder
std::filesystem::path freshFolder(const std::string& name); // tempPath(name), emptied and created
// A .glb a test wrote, kept as NAME.glb in $BONESCOPE_GLB_OUT (when set) for the glTF validator
// (tests/gltf_validator/run.sh); returns `bytes` unchanged.
const std::vector<uint8_t>& keepGlb(const std::string& name, const std::vector<uint8_t>& bytes);

struct CliResult {
    int status;
    std::string out, err;
};
CliResult runCli(const std::vector<std::string>& args);

} // namespace bonescope::test
