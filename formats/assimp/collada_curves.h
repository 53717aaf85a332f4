#pragma once
// COLLADA animation curves as the file gives them. Assimp 5.2 reads every COLLADA sampler as straight
// lines between keys, so BEZIER and HERMITE curves (3ds Max, Maya and FCollada write them) play as
// polylines: a Maya hip that eases from 0 to 56 degrees is at 37.3 degrees two thirds of the way
// where the curve says 41.5. This reads the curved nodes' transform elements and channels so that
// their keys can be computed from the curves (collada_curved_keys.h). No Assimp here.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include <glm/mat4x4.hpp>

namespace bonescope {

// One <sampler>: key times, values `stride` per key, and per key how the curve leaves it.
struct ColladaSampler {
    enum class Kind : uint8_t { Linear, Step, Bezier, Hermite };
    std::vector<double> times;
    std::vector<double> values;
    int stride = 1;
    std::vector<Kind> kinds; // per key; missing keys are LINEAR
    // IN_TANGENT / OUT_TANGENT: per key either (time, value) per component (COLLADA 1.4.1) or one
    // value per component. BEZIER curves are played only with times (what values alone mean is not
    // settled between writers); HERMITE takes the values.
    std::vector<double> inTangents, outTangents;

    // Whether the segment from key k to k + 1 is a curve played here (not a straight line or a step).
    bool curvedAfter(size_t k) const;
    // The `stride` values at time t (held before the first key and after the last).
    void valuesAt(double t, double* out) const;

private:
    int tangentWidth(const std::vector<double>& tangents) const;
    double curve(size_t k, int c, double t) const;
};

// A node's transform: its elements in order, and the channels that animate them.
struct ColladaNodeCurves {
    enum class ElementKind : uint8_t { Translate, Rotate, Scale, Matrix };
    struct Element {
        ElementKind kind;
        std::string sid;
        std::vector<double> values; // 3, 4 (axis, degrees) or 16 (row by row)
    };
    struct Channel {
        size_t element;
        int member;     // -1: the whole element; else one value (X Y Z ANGLE, or a matrix cell)
        size_t sampler; // into ColladaCurves::samplers
    };
    std::vector<Element> elements;
    std::vector<Channel> channels;
};

struct ColladaCurves {
    std::vector<ColladaSampler> samplers;
    // By node id (the name Assimp gives the node): only nodes with at least one curved channel whose
    // elements this reads (translate, rotate, scale, matrix; not lookat or skew).
    std::unordered_map<std::string, ColladaNodeCurves> nodes;

    // The node's local transform at time t, its elements composed in order.
    glm::dmat4 localAt(const ColladaNodeCurves& node, double t) const;
};

// The curved nodes of a COLLADA document; nothing when it has none (the usual case: LINEAR keys,
// which Assimp plays right) or cannot be parsed as XML (Assimp has said why already).
std::optional<ColladaCurves> readColladaCurves(std::span<const uint8_t> bytes);

} // namespace bonescope
