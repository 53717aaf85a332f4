#include "formats/fbx/fbx_scene.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

#include <glm/gtc/matrix_inverse.hpp>

#include "formats/fbx/fbx_transform.h"
#include "formats/model_build.h"
#include "formats/parse_error.h"
#include "formats/scene/node_kinds.h"
#include "formats/counted.h"

namespace bonescope::fbx {

namespace {

// Models in depth-first file order below a "RootNode" bone (index 0); boneOf[model] = bone index.
// A parent loop (a damaged file) is broken where it is found, with a warning.
std::vector<int> addBones(const Objects& o, Skeleton& skel, std::vector<std::string>& warnings)
{
    const size_t n = o.models.size();
    std::vector<std::vector<int>> children(n);
    std::vector<int> roots;
    for (size_t i = 0; i < n; ++i)
        (o.models[i].parent >= 0 && size_t(o.models[i].parent) < n ? children[size_t(o.models[i].parent)] : roots)
            .push_back(int(i));
    Bone root;
    root.name = "RootNode";
    skel.bones.push_back(root);
    std::vector<int> boneOf(n, -1);
    auto walk = [&](int top) {
        std::vector<std::pair<int, int>> stack{{top, 1}};
        while (!stack.empty()) {
            const auto [m, depth] = stack.back();
            stack.pop_back();
            if (boneOf[size_t(m)] >= 0)
                continue;
            if (depth > kMaxModelDepth)
                throw ParseError("model hierarchy deeper than " + std::to_string(kMaxModelDepth) + " levels");
            const Model& model = o.models[size_t(m)];
            Bone b;
            b.name = model.name;
            const int parent = model.parent >= 0 && depth > 1 ? boneOf[size_t(model.parent)] : 0;
            b.parent = parent;
            decomposeTRS(localMatrix(model.props), b.restTranslation, b.restRotation, b.restScale);
            boneOf[size_t(m)] = int(skel.bones.size());
            skel.bones.push_back(std::move(b));
            for (size_t k = children[size_t(m)].size(); k-- > 0;)
                stack.push_back({children[size_t(m)][k], depth + 1});
        }
    };
    for (const int r : roots)
        walk(r);
    size_t looped = 0;
    for (size_t i = 0; i < n; ++i)
        if (boneOf[i] < 0) {
            ++looped;
            walk(int(i));
        }
    if (looped > 0)
        warnings.push_back(counted(looped, "model") + " whose parents form a loop placed at the scene root");
    return boneOf;
}

// The facts the shared rule (formats/scene/node_kinds.h) needs: cameras and lights by type, joints
// where a skin names them (else where keys do), and the nodes holding meshes.
void markKinds(const Objects& o, const std::vector<int>& boneOf, Skeleton& skel)
{
    std::vector<NodeFacts> facts(skel.size());
    bool anyCluster = false;
    for (const Cluster& c : o.clusters)
        if (c.bone >= 0)
            facts[size_t(boneOf[size_t(c.bone)])].joint = anyCluster = true;
    if (!anyCluster)
        for (const Take& t : o.takes)
            for (const AnimatedProperty& p : t.properties)
                facts[size_t(boneOf[size_t(p.model)])].joint = true;
    for (const Geometry& g : o.geometries)
        if (g.model >= 0)
            facts[size_t(boneOf[size_t(g.model)])].mesh = true;
    for (size_t m = 0; m < o.models.size(); ++m) {
        NodeFacts& f = facts[size_t(boneOf[m])];
        f.camera = o.models[m].type == "Camera";
        f.light = o.models[m].type == "Light";
    }
    markNodeKinds(facts, skel);
}

// One geometry appended in scene-root space: one mesh vertex per control point, polygons as fans.
void appendGeometry(const Objects& o, size_t gi, const std::vector<int>& boneOf, const std::vector<glm::dmat4>& world,
                    Mesh& mesh, std::vector<uint8_t>& bindSet, std::vector<std::string>& warnings)
{
    const Geometry& g = o.geometries[gi];
    if (g.model < 0)
        return;
    const int holder = boneOf[size_t(g.model)];
    const glm::dmat4 place = world[size_t(holder)] * geometricMatrix(o.models[size_t(g.model)].props);
    const glm::dmat3 normalPlace = glm::inverseTranspose(glm::dmat3(place));
    const size_t points = g.vertices.size() / 3;
    const uint32_t base = uint32_t(mesh.positions.size());
    for (size_t v = 0; v < points; ++v) {
        const glm::dvec3 p(g.vertices[3 * v], g.vertices[3 * v + 1], g.vertices[3 * v + 2]);
        mesh.positions.push_back(glm::vec3(place * glm::dvec4(p, 1.0)));
        mesh.normals.push_back(glm::vec3(0.f));
    }
    // Faces; a corner's normal (where the file has them) adds to its control point's.
    auto normalAt = [&](size_t corner, size_t point) -> std::optional<glm::dvec3> {
        size_t i = g.normalsByControlPoint ? point : corner;
        if (!g.normalIndex.empty()) {
            if (i >= g.normalIndex.size() || g.normalIndex[i] < 0)
                return std::nullopt;
            i = size_t(g.normalIndex[i]);
        }
        if (3 * i + 2 >= g.normals.size())
            return std::nullopt;
        return glm::dvec3(g.normals[3 * i], g.normals[3 * i + 1], g.normals[3 * i + 2]);
    };
    const bool mirrored = glm::determinant(glm::dmat3(place)) < 0;
    std::vector<uint32_t> polygon;
    size_t bad = 0;
    std::vector<glm::dvec3> fromFile(points, glm::dvec3(0.0)), fromFaces(points, glm::dvec3(0.0));
    for (size_t c = 0; c < g.polygons.size(); ++c) {
        const int64_t raw = g.polygons[c];
        const bool last = raw < 0;
        const int64_t index = last ? -raw - 1 : raw;
        if (index >= 0 && size_t(index) < points) {
            polygon.push_back(uint32_t(index));
            if (const auto n = normalAt(c, size_t(index)))
                fromFile[size_t(index)] += *n;
        } else {
            ++bad;
        }
        if (!last && c + 1 < g.polygons.size())
            continue;
        for (size_t k = 1; k + 1 < polygon.size(); ++k) {
            const uint32_t a = polygon[0], b = polygon[k], d = polygon[k + 1];
            mesh.indices.insert(mesh.indices.end(), {base + a, base + (mirrored ? d : b), base + (mirrored ? b : d)});
            const glm::dvec3 pa(g.vertices[3 * a], g.vertices[3 * a + 1], g.vertices[3 * a + 2]);
            const glm::dvec3 pb(g.vertices[3 * b], g.vertices[3 * b + 1], g.vertices[3 * b + 2]);
            const glm::dvec3 pd(g.vertices[3 * d], g.vertices[3 * d + 1], g.vertices[3 * d + 2]);
            const glm::dvec3 face = glm::cross(pb - pa, pd - pa);
            for (const uint32_t corner : {a, b, d})
                fromFaces[corner] += face;
        }
        polygon.clear();
    }
    if (bad > 0)
        warnings.push_back(counted(bad, "polygon corner") + " naming no vertex left out");
    for (size_t v = 0; v < points; ++v) {
        const glm::dvec3 n = glm::length(fromFile[v]) > 0 ? fromFile[v] : fromFaces[v];
        const glm::dvec3 placed = normalPlace * n;
        mesh.normals[base + v] = glm::length(placed) > 0 ? glm::vec3(glm::normalize(placed)) : glm::vec3(0, 1, 0);
    }
    // Skin: clusters of this geometry; a point no cluster weighs follows the model holding the mesh.
    const glm::dmat4 rootToMesh = glm::inverse(place);
    std::vector<std::vector<std::pair<uint32_t, float>>> influences(points);
    for (const Cluster& c : o.clusters) {
        if (c.geometry != int(gi) || c.bone < 0)
            continue;
        const int joint = boneOf[size_t(c.bone)];
        if (!bindSet[size_t(joint)]) {
            mesh.inverseBind[size_t(joint)] = glm::mat4(glm::inverse(c.transformLink) * c.transform * rootToMesh);
            bindSet[size_t(joint)] = 1;
        }
        for (size_t k = 0; k < c.indexes.size() && k < c.weights.size(); ++k)
            if (c.indexes[k] >= 0 && size_t(c.indexes[k]) < points && std::isfinite(c.weights[k]) && c.weights[k] > 0)
                influences[size_t(c.indexes[k])].push_back({uint32_t(joint), float(c.weights[k])});
    }
    for (auto& vertex : influences) {
        if (vertex.empty())
            vertex.push_back({uint32_t(holder), 1.f});
        appendSkinWeights(vertex, mesh);
    }
}

// Whether keys at the curves' key times alone, played back (translation lerped, rotation slerped),
// would leave the curves: a rotation keyed about more than one axis, or about a pivot or offset.
bool needsFrames(const TransformProps& props, const std::vector<const AnimatedProperty*>& animated,
                 const std::vector<Curve>& curves)
{
    for (const AnimatedProperty* p : animated) {
        if (p->which != 1)
            continue;
        int axes = 0;
        for (const int c : p->curve)
            if (c >= 0 && size_t(c) < curves.size() && curves[size_t(c)].times.size() > 1)
                ++axes;
        const glm::dvec3 zero(0.0);
        if (axes > 1 || (axes == 1 && (props.rotationPivot != zero || props.rotationOffset != zero ||
                                       props.scalingPivot != zero || props.scalingOffset != zero)))
            return true;
    }
    return false;
}

// One take as an animation: per animated model, keys at every time any of its curves has a key,
// each the model's whole local transform (pivots and pre/post rotations included) at that time.
Animation animationOf(const Objects& o, const Take& take)
{
    Animation a;
    a.name = take.name;
    a.fps = o.fps > 0 ? o.fps : 30.0;
    a.fpsFromKeys = o.fps <= 0;
    std::vector<std::vector<const AnimatedProperty*>> ofModel(o.models.size());
    std::vector<int> order;
    for (const AnimatedProperty& p : take.properties) {
        if (p.model < 0 || size_t(p.model) >= o.models.size())
            continue;
        if (ofModel[size_t(p.model)].empty())
            order.push_back(p.model);
        ofModel[size_t(p.model)].push_back(&p);
    }
    // As Assimp gives FBX clips: the take's start (else its first key) at time 0, its length the
    // take's range (else up to the last key).
    double first = INFINITY, last = -INFINITY;
    for (const AnimatedProperty& p : take.properties)
        for (const int c : p.curve)
            if (c >= 0 && size_t(c) < o.curves.size() && !o.curves[size_t(c)].times.empty()) {
                first = std::min(first, o.curves[size_t(c)].times.front());
                last = std::max(last, o.curves[size_t(c)].times.back());
            }
    const bool ranged = take.stop && *take.stop > take.start.value_or(0.0); // LocalStart 0 is often left out
    const double start = ranged ? take.start.value_or(0.0) : std::isfinite(first) ? first : 0.0;
    a.duration = ranged ? *take.stop - start : std::isfinite(last) ? last - start : 0.0;
    for (const int m : order) {
        std::set<double> times;
        for (const AnimatedProperty* p : ofModel[size_t(m)])
            for (const int c : p->curve)
                if (c >= 0 && size_t(c) < o.curves.size())
                    times.insert(o.curves[size_t(c)].times.begin(), o.curves[size_t(c)].times.end());
        if (times.empty())
            continue; // defaults only, no curve: nothing moves (Assimp leaves these out too)
        // FBX interpolates each Euler angle (and each translation component) on its own: a rotation
        // about several axes, or about a pivot, is not the slerp of its keys. Every frame between the
        // keys is sampled too (unless that is far more than the keys), so that playing the keys back
        // stays close to the curves.
        if (times.size() > 1 && needsFrames(o.models[size_t(m)].props, ofModel[size_t(m)], o.curves)) {
            const double from = std::ceil(*times.begin() * a.fps), to = *times.rbegin() * a.fps;
            if (to - from < 4.0 * double(times.size()) + 1000.0)
                for (double f = from; f < to; ++f)
                    times.insert(f / a.fps);
        }
        Track t;
        t.name = o.models[size_t(m)].name;
        for (const double time : times) {
            TransformProps props = o.models[size_t(m)].props;
            for (const AnimatedProperty* p : ofModel[size_t(m)]) {
                glm::dvec3& v = p->which == 0 ? props.translation : p->which == 1 ? props.rotation : props.scaling;
                for (int k = 0; k < 3; ++k) {
                    if (p->curve[size_t(k)] >= 0 && size_t(p->curve[size_t(k)]) < o.curves.size() &&
                        !o.curves[size_t(p->curve[size_t(k)])].times.empty())
                        v[k] = o.curves[size_t(p->curve[size_t(k)])].at(time);
                    else if (p->defaults[size_t(k)])
                        v[k] = *p->defaults[size_t(k)];
                }
            }
            glm::dvec3 tr, sc;
            glm::dquat rot;
            decomposeTRS(localMatrix(props), tr, rot, sc);
            t.translation.keys.push_back({time - start, tr});
            t.rotation.keys.push_back({time - start, rot});
            t.scale.keys.push_back({time - start, sc});
        }
        a.tracks.push_back(std::move(t));
    }
    return a;
}

} // namespace

Scene sceneFromObjects(const Objects& o, std::vector<std::string>& warnings)
{
    Scene scene;
    scene.format = "fbx";
    warnings.insert(warnings.end(), o.warnings.begin(), o.warnings.end());
    const std::vector<int> boneOf = addBones(o, scene.skeleton, warnings);
    markKinds(o, boneOf, scene.skeleton);

    // World rest matrices from the composed locals (shear kept, unlike the decomposed rest pose).
    std::vector<glm::dmat4> local(scene.skeleton.size(), glm::dmat4(1.0)), world(scene.skeleton.size());
    for (size_t m = 0; m < o.models.size(); ++m)
        local[size_t(boneOf[m])] = localMatrix(o.models[m].props);
    for (size_t i = 0; i < scene.skeleton.size(); ++i) { // parents come first
        const int p = scene.skeleton.bones[i].parent;
        world[i] = p >= 0 ? world[size_t(p)] * local[i] : local[i];
    }

    Mesh& mesh = scene.mesh;
    mesh.inverseBind.resize(scene.skeleton.size());
    std::vector<uint8_t> bindSet(scene.skeleton.size(), 0);
    for (size_t g = 0; g < o.geometries.size(); ++g)
        appendGeometry(o, g, boneOf, world, mesh, bindSet, warnings);
    for (size_t i = 0; i < scene.skeleton.size(); ++i)
        if (!bindSet[i])
            mesh.inverseBind[i] = glm::mat4(glm::inverse(world[i]));
    if (mesh.positions.empty())
        mesh = Mesh{};

    for (const Take& take : o.takes)
        if (Animation a = animationOf(o, take); !a.tracks.empty())
            scene.animations.push_back(std::move(a));
    if (o.upAxisStated && (o.upAxis == 1 || o.upAxis == 2))
        scene.statedUp = o.upAxis == 1 ? UpAxis::Y : UpAxis::Z;
    return scene;
}

Scene readFbx(std::span<const uint8_t> bytes, std::vector<std::string>* warnings)
{
    const uint32_t version = versionOf(bytes);
    if (version != 0 && (version < 5000 || version >= 8000))
        throw ParseError("FBX version " + std::to_string(version) + " is not one Bonescope reads (it reads 5000 to 7700)",
                         isBinaryFbx(bytes) ? 23 : ParseError::NoOffset);
    const Document doc = parseDocument(bytes);
    std::vector<std::string> own;
    const Objects objects = doc.version != 0 && doc.version < 7000 ? objectsFromV6(doc) : objectsFromV7(doc);
    return sceneFromObjects(objects, warnings ? *warnings : own);
}

} // namespace bonescope::fbx
