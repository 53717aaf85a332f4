// FBX 6.x (5000 to 6100): objects named "Model::Hips" (ASCII) or "Hips\0\1Model" (binary) and tied
// together by those names (Connect: "OO", child, parent), properties in Properties60, a mesh's
// geometry inside its model, and animation in Takes > Take > Model > Channel "Transform" > "T" /
// "R" / "S" > "X" / "Y" / "Z" with Key lists (time, value, mode and the mode's own values).
// Older files without an Objects section keep their models at the top level, parents listed in
// each model's Children.
#include "formats/fbx/fbx_objects.h"

#include <cmath>
#include <cstdlib>
#include <unordered_map>

#include "formats/parse_error.h"
#include "formats/counted.h"

namespace bonescope::fbx {

namespace {

void readSettings(const Document& doc, const Node* objects, Objects& out)
{
    const Node* gs = objects ? objects->child("GlobalSettings") : nullptr;
    if (!gs)
        gs = doc.root.child("GlobalSettings");
    if (const Node* block = gs ? gs->child("Properties60") : nullptr)
        readGlobalSettings(*block, "Property", 3, out);
    if (out.fps == 0) // Version5 > Settings > FrameRate: "30"
        if (const Node* v5 = doc.root.child("Version5"))
            if (const Node* settings = v5->child("Settings"))
                if (const Node* rate = settings->child("FrameRate")) {
                    const std::string text = rate->textAt(0);
                    const double fps = text.empty() ? rate->numberAt(0) : std::atof(text.c_str());
                    if (fps > 0 && fps <= 10000)
                        out.fps = fps;
                }
}

void readMesh(const Node& m, int model, Objects& out)
{
    if (!m.child("Vertices") || !m.child("PolygonVertexIndex"))
        return;
    Geometry& g = out.geometries.emplace_back();
    readGeometry(m, g);
    g.model = model;
}

// The flat key list of a Channel: per key time (ticks), value, mode letter and the mode's own
// values, whose count depends on the mode and the channel's KeyVer (4003 to 4005). Only times
// and values are kept: the curve is played linearly between them.
Curve readKeys(const Node& channel, uint32_t version, std::vector<std::string>& warnings)
{
    std::vector<double> cells;
    if (const Node* key = channel.child("Key"))
        for (const Value& v : key->values) {
            if (v.kind == Value::Kind::Text)
                cells.push_back(v.text.empty() ? 0.0 : double(static_cast<unsigned char>(v.text[0])));
            else if (v.isArray()) {
                const auto n = v.asNumbers();
                cells.insert(cells.end(), n.begin(), n.end());
            } else if (v.kind == Value::Kind::Integer)
                cells.push_back(double(v.integer)); // times: exact below 2^53 ticks (2.3 days)
            else
                cells.push_back(v.number);
        }
    int keyVer = int(channel.integerAt(0, 0));
    if (const Node* kv = channel.child("KeyVer"))
        keyVer = int(kv->integerAt(0));
    if (keyVer <= 0)
        keyVer = version < 6000 ? 4004 : 4005;
    auto letter = [](double d) { return d >= 0 && d <= 127 ? char(int(d)) : '\0'; };
    std::vector<int64_t> ticks;
    std::vector<double> values;
    size_t i = 0;
    bool broken = false;
    while (i + 3 <= cells.size()) {
        if (!(std::abs(cells[i]) < 9.2e18)) { // no FBX time: a damaged list
            broken = true;
            break;
        }
        ticks.push_back(int64_t(cells[i]));
        values.push_back(cells[i + 1]);
        const char mode = letter(cells[i + 2]);
        i += 3;
        if (mode == 'L')
            continue;
        if (mode == 'C') {
            i += keyVer >= 4004 ? 1 : 0;
            continue;
        }
        if (mode != 'U') {
            broken = true;
            break;
        }
        if (i >= cells.size()) {
            broken = true;
            break;
        }
        const char slope = letter(cells[i++]);
        int weights = 1;
        switch (slope) {
        case 's': case 'b': i += 2; weights = keyVer == 4003 ? 0 : 1; break;
        case 'a': weights = keyVer <= 4004 ? 0 : 1; break;
        case 'p': case 'q': i += 2; weights = keyVer <= 4004 ? 1 : 2; break;
        case 't': i += 3; weights = 0; break;
        case 'd': i += 1; break;
        default: broken = true; break;
        }
        for (int w = 0; w < weights && !broken && i < cells.size(); ++w) {
            const char mode2 = letter(cells[i++]);
            if (mode2 == 'a')
                i += 2;
            else if (mode2 == 'l' || mode2 == 'r')
                i += 1;
            else if (mode2 != 'n' && mode2 != 'c')
                broken = true;
        }
        if (broken)
            break;
    }
    if (broken)
        warnings.push_back("a key list of channel '" + channel.textAt(0) + "' at " + std::to_string(channel.where) +
                           " has a mode Bonescope does not know; its keys from there on are left out");
    size_t dropped = 0;
    Curve c = makeCurve(ticks, values, dropped);
    if (dropped > 0)
        warnings.push_back(counted(dropped, "key") + " out of time order left out");
    return c;
}

// Take > Model > Channel "Transform" > Channel "T" / "R" / "S" > Channel "X" / "Y" / "Z".
void readTakeModel(const Node& takeModel, int model, uint32_t version, Objects& out, Take& take)
{
    for (const Node& transform : takeModel.children) {
        if (transform.name != "Channel" || transform.textAt(0) != "Transform")
            continue;
        for (const Node& part : transform.children) {
            if (part.name != "Channel")
                continue;
            const std::string which = part.textAt(0);
            AnimatedProperty p;
            p.model = model;
            p.which = which == "T" ? 0 : which == "R" ? 1 : which == "S" ? 2 : -1;
            if (p.which < 0)
                continue;
            for (const Node& axis : part.children) {
                if (axis.name != "Channel")
                    continue;
                const std::string a = axis.textAt(0);
                const int k = a == "X" ? 0 : a == "Y" ? 1 : a == "Z" ? 2 : -1;
                if (k < 0)
                    continue;
                if (const Node* d = axis.child("Default"))
                    p.defaults[size_t(k)] = d->numberAt(0);
                Curve c = readKeys(axis, version, out.warnings);
                if (!c.times.empty()) {
                    p.curve[size_t(k)] = int(out.curves.size());
                    out.curves.push_back(std::move(c));
                }
            }
            take.properties.push_back(p);
        }
    }
}

} // namespace

Objects objectsFromV6(const Document& doc)
{
    Objects out;
    const Node* objects = doc.root.child("Objects");
    const Node& holder = objects ? *objects : doc.root; // before 6000: models at the top level
    readSettings(doc, objects, out);

    std::unordered_map<std::string, int> modelByName, skinByName, clusterByName;
    std::unordered_map<std::string, int> modelByShortName;
    for (const Node& o : holder.children) {
        const std::string raw = o.textAt(0);
        const std::string type = o.textAt(1);
        if (o.name == "Model") {
            Model m;
            m.name = objectName(raw);
            m.type = type;
            if (const Node* p = o.child("Properties60"))
                readTransformProps(*p, "Property", 3, m.props);
            const int index = int(out.models.size());
            modelByName.emplace(raw, index);
            modelByShortName.emplace(m.name, index);
            out.models.push_back(std::move(m));
            readMesh(o, index, out);
        } else if (o.name == "Deformer" && type == "Skin") {
            skinByName.emplace(raw, -1);
        } else if (o.name == "Deformer" && type == "Cluster") {
            Cluster c = readCluster(o);
            clusterByName.emplace(raw, int(out.clusters.size()));
            out.clusters.push_back(std::move(c));
        }
    }
    if (out.models.empty() && !objects)
        throw ParseError("the FBX file has no Objects section and no models (no scene in it)");

    // Older files: each model lists its children.
    for (const Node& o : holder.children)
        if (o.name == "Model")
            if (const Node* children = o.child("Children"))
                for (const Value& v : children->values)
                    if (auto c = modelByName.find(v.text); c != modelByName.end())
                        out.models[size_t(c->second)].parent = modelByName[o.textAt(0)];

    std::unordered_map<std::string, int> geometryOfSkin;
    std::unordered_map<int, std::string> skinOfCluster;
    if (const Node* connections = doc.root.child("Connections")) {
        for (const Node& c : connections->children) {
            if (c.name != "Connect" || c.textAt(0) != "OO")
                continue;
            const std::string child = c.textAt(1), parent = c.textAt(2);
            if (auto m = modelByName.find(child); m != modelByName.end()) {
                if (auto p = modelByName.find(parent); p != modelByName.end() && p->second != m->second)
                    out.models[size_t(m->second)].parent = p->second;
                else if (auto cl = clusterByName.find(parent); cl != clusterByName.end())
                    out.clusters[size_t(cl->second)].bone = m->second;
            } else if (auto cl = clusterByName.find(child); cl != clusterByName.end()) {
                skinOfCluster[cl->second] = parent;
            } else if (skinByName.count(child)) {
                if (auto m = modelByName.find(parent); m != modelByName.end())
                    for (size_t g = 0; g < out.geometries.size(); ++g)
                        if (out.geometries[g].model == m->second)
                            geometryOfSkin[child] = int(g);
            }
        }
    }
    for (auto& [cluster, skin] : skinOfCluster)
        if (auto g = geometryOfSkin.find(skin); g != geometryOfSkin.end())
            out.clusters[size_t(cluster)].geometry = g->second;

    if (const Node* takes = doc.root.child("Takes")) {
        for (const Node& t : takes->children) {
            if (t.name != "Take")
                continue;
            Take take;
            take.name = t.textAt(0);
            if (const Node* range = t.child("LocalTime"); range && range->values.size() >= 2) {
                take.start = double(range->integerAt(0)) / kTicksPerSecond;
                take.stop = double(range->integerAt(1)) / kTicksPerSecond;
            }
            for (const Node& m : t.children) {
                if (m.name != "Model")
                    continue;
                const std::string raw = m.textAt(0);
                int model = -1;
                if (auto found = modelByName.find(raw); found != modelByName.end())
                    model = found->second;
                else if (auto byShort = modelByShortName.find(objectName(raw)); byShort != modelByShortName.end())
                    model = byShort->second;
                if (model >= 0)
                    readTakeModel(m, model, doc.version, out, take);
            }
            out.takes.push_back(std::move(take));
        }
    }
    return out;
}

} // namespace bonescope::fbx
