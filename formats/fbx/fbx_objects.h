#pragma once
// What an FBX file holds for Bonescope, whatever its version: models (the node tree) with their
// transform properties, meshes, skin clusters and animation curves. fbx_objects7.cpp fills it from
// 7.x files (objects by id, Connections), fbx_objects6.cpp from 6.x (objects by name, Takes);
// fbx_scene.cpp turns it into a Scene.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "formats/fbx/fbx_document.h"

namespace bonescope::fbx {

// FBX time: ticks per second (KTime) in every version Bonescope reads.
constexpr double kTicksPerSecond = 46186158000.0;

// A model's transform properties (Properties70 / Properties60), composed as the FBX SDK does
// (fbx_transform.h).
struct TransformProps {
    glm::dvec3 translation{0.0}, rotation{0.0}, scaling{1.0}; // rotation in degrees
    glm::dvec3 preRotation{0.0}, postRotation{0.0};
    glm::dvec3 rotationOffset{0.0}, rotationPivot{0.0}, scalingOffset{0.0}, scalingPivot{0.0};
    glm::dvec3 geometricTranslation{0.0}, geometricRotation{0.0}, geometricScaling{1.0};
    int rotationOrder = 0; // 0 XYZ, 1 XZY, 2 YZX, 3 YXZ, 4 ZXY, 5 ZYX (6 spheric: read as XYZ)
    int inheritType = 0;   // 0 RrSs, 1 RSrs, 2 Rrs (kept; Bonescope composes as 0)
};

struct Model {
    std::string name;
    std::string type; // LimbNode, Null, Root, Mesh, Camera, Light, ...
    TransformProps props;
    int parent = -1;  // index into Objects::models, -1 at the scene root
};

struct Geometry {
    int model = -1;                 // the model it hangs on
    std::vector<double> vertices;   // x y z per control point
    std::vector<int64_t> polygons;  // PolygonVertexIndex: a polygon's last index is -(i + 1)
    std::vector<double> normals;    // x y z, by `normalsByVertex` per control point, else per polygon corner
    std::vector<int64_t> normalIndex; // IndexToDirect: per point / corner, an index into `normals`
    bool normalsByControlPoint = false;
};

struct Cluster {
    int geometry = -1;
    int bone = -1;                  // the model it binds
    std::vector<int64_t> indexes;   // control points
    std::vector<double> weights;
    glm::dmat4 transform{1.0};      // mesh at bind time
    glm::dmat4 transformLink{1.0};  // bone at bind time, world
};

struct Curve {
    std::vector<double> times; // seconds, increasing
    std::vector<double> values;
    // The value at `t`: linear between keys (cubic and constant keys too), the end keys' values outside.
    double at(double t) const;
};

// Lcl Translation / Rotation / Scaling of one model in one take: a curve per component or none
// (then `defaults`, else the model's own value).
struct AnimatedProperty {
    int model = -1;
    int which = 0; // 0 translation, 1 rotation, 2 scaling
    std::array<int, 3> curve{-1, -1, -1};
    std::array<std::optional<double>, 3> defaults;
};

struct Take {
    std::string name;
    std::vector<AnimatedProperty> properties;
    // The take's own range (7.x LocalStart / LocalStop, 6.x LocalTime), seconds, when it states one.
    std::optional<double> start, stop;
};

struct Objects {
    std::vector<Model> models;
    std::vector<Geometry> geometries;
    std::vector<Cluster> clusters;
    std::vector<Curve> curves;
    std::vector<Take> takes;
    int upAxis = 1;             // GlobalSettings UpAxis (0 X, 1 Y, 2 Z)
    bool upAxisStated = false;
    double unitScale = 1.0;     // UnitScaleFactor: centimetres per file unit (kept, not applied)
    double fps = 0;             // from TimeMode / CustomFrameRate, 0 when the file does not say
    std::vector<std::string> warnings;
};

// Throws ParseError when the document is not an FBX scene (a missing Objects section, a version
// Bonescope does not read).
Objects objectsFromV7(const Document& doc);
Objects objectsFromV6(const Document& doc);

// Shared by both: the numbers of child `name`, whether one array (binary 7.x, ASCII `*N {}`) or one
// value per number (6.x binary and ASCII lists); empty when there is no such child.
std::vector<double> numbersIn(const Node& n, const char* name);
std::vector<int64_t> integersIn(const Node& n, const char* name);
// Vertices, PolygonVertexIndex and the first LayerElementNormal of a 7.x Geometry or a 6.x mesh model.
void readGeometry(const Node& n, Geometry& g);
// GlobalSettings' UpAxis, UnitScaleFactor, TimeMode and CustomFrameRate from its property block
// (`entryName` "P", first 4 in 7.x; "Property", first 3 in 6.x); fps 0 when TimeMode gives none.
void readGlobalSettings(const Node& block, const char* entryName, size_t first, Objects& out);
// A Deformer Cluster: Indexes, Weights, Transform, TransformLink (its bone and mesh come later).
Cluster readCluster(const Node& n);
// Shared by both: a property block's entry, as numbers after its `first` leading values
// (Properties70 `P: name, type, label, flags, x, y, z` -> first 4; Properties60 -> first 3).
std::vector<double> propertyNumbers(const Node& entry, size_t first);
// A transform property block (Properties70 or Properties60) read into `props`.
void readTransformProps(const Node& block, const char* entryName, size_t first, TransformProps& props);
// TimeMode (and CustomFrameRate for mode 14) as frames per second; 0 for unknown modes.
double fpsOfTimeMode(int mode, double custom);
// "Model::Hips" (ASCII) or "Hips\0\1Model" (binary) -> "Hips".
std::string objectName(const std::string& raw);
// A curve from key times in ticks and values; keys out of order are dropped (counted in `dropped`).
Curve makeCurve(const std::vector<int64_t>& ticks, const std::vector<double>& values, size_t& dropped);
// Collected FBX matrices (16 numbers, column by column as glm holds them); identity when short.
glm::dmat4 matrixOf(const std::vector<double>& m);

} // namespace bonescope::fbx
