#pragma once
// --reduce-keys and Edit > Reduce keys: key reduction through the hierarchy
// (core/reduction/reduce_in_hierarchy.h) with the bound in millimetres, turned into the file's units
// where its format states them, and the report: keys and bytes before and after, the largest error.
#include <cstdint>
#include <optional>
#include <string>

#include "core/model/scene.h"
#include "formats/format.h"

namespace bonescope {

struct KeyReductionRequest {
    double maxErrorMm = 0.1;              // the bound (default 0.1 mm, ACL's default precision)
    std::optional<double> metresPerUnit;  // the file's units as the user states them (--units)
    bool curves = false;                  // linear channels become fitted cubic curves (formats with curves)
};
// Virtual points this far from each joint (ACL's default shell distance).
constexpr double kPointDistanceMetres = 0.03;

// Metres per unit of what a format's files hold, where the format says: Second Life and glTF metres,
// Unreal PSA centimetres. BVH, SEAnim, Cast, SMD, LEGO and Dash state none.
std::optional<double> statedMetresPerUnit(const std::string& formatId);
// "m", "cm", "mm", "in" (also "inch", "inches"): metres per unit, or nothing.
std::optional<double> parseUnits(const std::string& name);

struct KeyReductionSummary {
    size_t keysBefore = 0, keysAfter = 0;
    uint64_t bytesBefore = 0, bytesAfter = 0; // set by the caller that writes
    double boundMm = 0, largestErrorMm = 0;
    double metresPerUnit = 0.01;
    bool unitsAssumed = false; // the format states no units and none were given: centimetres assumed
    std::string formatName;    // whose units those are
    bool noSkeleton = false;   // each bone measured on its own (the file holds no hierarchy)
    size_t channelsKeptWhole = 0;
    bool curves = false;       // reduced as cubic curves
};

// Why `target`'s files cannot hold reduced keys (its writer stores every frame), or "".
std::string reductionRefusal(const Format& target);
// Why `target`'s files cannot hold keys reduced as curves (no tangents), or "".
std::string curvesRefusal(const Format& target);

// Reduces the animations of `scene` (all, or only `only`) whose data are in the units of `formatId`'s
// files, played on `playsOn` (the window's skeleton mesh) or else the scene's skeleton. Throws
// std::runtime_error where the skeleton is broken.
KeyReductionSummary reduceSceneKeys(Scene& scene, const std::string& formatId, const KeyReductionRequest& request,
                                    int only = -1, const Skeleton* playsOn = nullptr);

// "reduced keys: 31808 -> 7366 (77% fewer), 582418 -> 160702 bytes, largest error 0.098 mm (bound 0.1 mm)",
// then a line each when units were assumed (UnitsAssumed: front ends say how to give them), the file
// has no skeleton or channels were kept whole.
Report reductionReport(const KeyReductionSummary& s);
// The same in the library's words, the lines after the first indented.
std::string describe(const KeyReductionSummary& s);

} // namespace bonescope
