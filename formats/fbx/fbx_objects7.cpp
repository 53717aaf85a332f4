// FBX 7.x: objects under Objects with 64-bit ids, tied together by Connections (OO: object to
// object, OP: object to a property of another), animation in AnimationStack > AnimationLayer >
// AnimationCurveNode (a model's Lcl property) > AnimationCurve (d|X, d|Y, d|Z).
#include "formats/fbx/fbx_objects.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

#include "formats/parse_error.h"
#include "formats/counted.h"

namespace bonescope::fbx {

namespace {

struct Link {
    int64_t child = 0, parent = 0;
    std::string property; // OP only: the parent's property the child drives
};

// An object's id, or a connection's end: a 64-bit integer, but some writers store it as another
// number type or as text (a name), which Assimp refuses ("failed to parse ID"): any of them is an id.
int64_t idAt(const Node& n, size_t i)
{
    if (i >= n.values.size())
        return 0;
    const Value& v = n.values[i];
    if (v.kind != Value::Kind::Text)
        return v.asInteger();
    return int64_t(std::hash<std::string>{}(v.text) | (uint64_t(1) << 63)); // apart from small numbers
}

void readSettings(const Document& doc, Objects& out)
{
    const Node* gs = doc.root.child("GlobalSettings");
    if (const Node* block = gs ? gs->child("Properties70") : nullptr)
        readGlobalSettings(*block, "P", 4, out);
}

} // namespace

Objects objectsFromV7(const Document& doc)
{
    const Node* objects = doc.root.child("Objects");
    if (!objects)
        throw ParseError("the FBX file has no Objects section (no scene in it)");
    Objects out;
    readSettings(doc, out);

    // Index of each object by id, per kind.
    std::unordered_map<int64_t, int> modelOf, geometryOf, clusterOf, curveOf, curveNodeOf;
    std::unordered_map<int64_t, const Node*> skins, stacks, layers;
    std::vector<const Node*> curveNodes;
    size_t dropped = 0;
    for (const Node& o : objects->children) {
        const int64_t id = idAt(o, 0);
        const std::string type = o.textAt(2);
        if (o.name == "Model") {
            Model m;
            m.name = objectName(o.textAt(1));
            m.type = type;
            if (const Node* p = o.child("Properties70"))
                readTransformProps(*p, "P", 4, m.props);
            modelOf[id] = int(out.models.size());
            out.models.push_back(std::move(m));
        } else if (o.name == "Geometry" && type == "Mesh") {
            geometryOf[id] = int(out.geometries.size());
            readGeometry(o, out.geometries.emplace_back());
        } else if (o.name == "Deformer" && type == "Skin") {
            skins[id] = &o;
        } else if (o.name == "Deformer" && type == "Cluster") {
            Cluster c = readCluster(o);
            clusterOf[id] = int(out.clusters.size());
            out.clusters.push_back(std::move(c));
        } else if (o.name == "AnimationStack") {
            stacks[id] = &o;
        } else if (o.name == "AnimationLayer") {
            layers[id] = &o;
        } else if (o.name == "AnimationCurveNode") {
            curveNodeOf[id] = int(curveNodes.size());
            curveNodes.push_back(&o);
        } else if (o.name == "AnimationCurve") {
            curveOf[id] = int(out.curves.size());
            out.curves.push_back(makeCurve(integersIn(o, "KeyTime"), numbersIn(o, "KeyValueFloat"), dropped));
        }
    }
    if (dropped > 0)
        out.warnings.push_back(counted(dropped, "animation key") + " out of time order or not finite left out");

    std::vector<Link> links;
    if (const Node* connections = doc.root.child("Connections"))
        for (const Node& c : connections->children)
            if (c.name == "C" && c.values.size() >= 3)
                links.push_back({idAt(c, 1), idAt(c, 2), c.textAt(0) == "OP" ? c.textAt(3) : ""});

    // Per curve node: the model and property it drives, its curves, its layer.
    struct CurveNodeUse {
        int model = -1, which = -1;
        std::array<int, 3> curve{-1, -1, -1};
        std::vector<int64_t> layers;
    };
    std::vector<CurveNodeUse> uses(curveNodes.size());
    std::unordered_map<int64_t, int64_t> skinOfCluster;
    std::unordered_map<int64_t, std::vector<int64_t>> layersOfStack;
    for (const Link& l : links) {
        if (auto child = modelOf.find(l.child); child != modelOf.end()) {
            // A model under a model by OO only: OP ties a camera's target to its LookAtProperty.
            if (auto parent = modelOf.find(l.parent);
                parent != modelOf.end() && parent->second != child->second && l.property.empty())
                out.models[size_t(child->second)].parent = parent->second;
            else if (auto cluster = clusterOf.find(l.parent); cluster != clusterOf.end())
                out.clusters[size_t(cluster->second)].bone = child->second;
        } else if (auto geometry = geometryOf.find(l.child); geometry != geometryOf.end()) {
            if (auto model = modelOf.find(l.parent); model != modelOf.end())
                out.geometries[size_t(geometry->second)].model = model->second;
        } else if (auto cluster = clusterOf.find(l.child); cluster != clusterOf.end()) {
            if (skins.count(l.parent))
                skinOfCluster[l.child] = l.parent;
        } else if (auto curve = curveOf.find(l.child); curve != curveOf.end()) {
            if (auto node = curveNodeOf.find(l.parent); node != curveNodeOf.end()) {
                const int axis = l.property == "d|X" ? 0 : l.property == "d|Y" ? 1 : l.property == "d|Z" ? 2 : -1;
                if (axis >= 0)
                    uses[size_t(node->second)].curve[size_t(axis)] = curve->second;
            }
        } else if (auto node = curveNodeOf.find(l.child); node != curveNodeOf.end()) {
            if (auto model = modelOf.find(l.parent); model != modelOf.end()) {
                const int which = l.property == "Lcl Translation" ? 0
                                  : l.property == "Lcl Rotation" ? 1
                                  : l.property == "Lcl Scaling"  ? 2
                                                                 : -1;
                if (which >= 0) {
                    uses[size_t(node->second)].model = model->second;
                    uses[size_t(node->second)].which = which;
                }
            } else if (layers.count(l.parent)) {
                uses[size_t(node->second)].layers.push_back(l.parent);
            }
        } else if (layers.count(l.child) && stacks.count(l.parent)) {
            layersOfStack[l.parent].push_back(l.child);
        }
    }
    // Skins hang on geometries; their clusters take the geometry.
    std::unordered_map<int64_t, int> geometryOfSkin;
    for (const Link& l : links)
        if (skins.count(l.child))
            if (auto geometry = geometryOf.find(l.parent); geometry != geometryOf.end())
                geometryOfSkin[l.child] = geometry->second;
    for (auto& [clusterId, skinId] : skinOfCluster)
        if (auto g = geometryOfSkin.find(skinId); g != geometryOfSkin.end())
            out.clusters[size_t(clusterOf[clusterId])].geometry = g->second;

    // Stacks in file order; each plays its first layer (further layers blend over it: not read).
    for (const Node& o : objects->children) {
        if (o.name != "AnimationStack")
            continue;
        Take take;
        take.name = objectName(o.textAt(1));
        if (const Node* block = o.child("Properties70"))
            for (const Node& e : block->children) {
                const std::vector<double> n = propertyNumbers(e, 4);
                if (n.empty())
                    continue;
                if (e.textAt(0) == "LocalStart")
                    take.start = n[0] / kTicksPerSecond;
                else if (e.textAt(0) == "LocalStop")
                    take.stop = n[0] / kTicksPerSecond;
            }
        const auto stackLayers = layersOfStack.find(idAt(o, 0));
        if (stackLayers != layersOfStack.end() && stackLayers->second.size() > 1)
            out.warnings.push_back("animation '" + take.name + "' has " + std::to_string(stackLayers->second.size()) +
                                   " layers; only its first is read");
        const int64_t layer = stackLayers != layersOfStack.end() ? stackLayers->second.front() : 0;
        for (size_t i = 0; i < curveNodes.size(); ++i) {
            const CurveNodeUse& u = uses[i];
            if (u.model < 0 || std::find(u.layers.begin(), u.layers.end(), layer) == u.layers.end())
                continue;
            AnimatedProperty p;
            p.model = u.model;
            p.which = u.which;
            p.curve = u.curve;
            if (const Node* block = curveNodes[i]->child("Properties70"))
                for (const Node& e : block->children) {
                    const std::string name = e.textAt(0);
                    const std::vector<double> n = propertyNumbers(e, 4);
                    const int axis = name == "d|X" ? 0 : name == "d|Y" ? 1 : name == "d|Z" ? 2 : -1;
                    if (axis >= 0 && !n.empty())
                        p.defaults[size_t(axis)] = n[0];
                }
            take.properties.push_back(p);
        }
        out.takes.push_back(std::move(take));
    }
    return out;
}

} // namespace bonescope::fbx
