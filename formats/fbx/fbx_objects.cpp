#include "formats/fbx/fbx_objects.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace bonescope::fbx {

namespace {

// An enum or flag stored as a number: a value no int holds (a damaged file) reads as -1.
int smallInt(double d) { return d > -1e9 && d < 1e9 ? int(d) : -1; }

} // namespace

double Curve::at(double t) const
{
    if (times.empty())
        return 0.0;
    if (t <= times.front())
        return values.front();
    if (t >= times.back())
        return values.back();
    const size_t i = size_t(std::upper_bound(times.begin(), times.end(), t) - times.begin());
    const double t0 = times[i - 1], t1 = times[i];
    const double f = t1 > t0 ? (t - t0) / (t1 - t0) : 0.0;
    return values[i - 1] + (values[i] - values[i - 1]) * f;
}

std::vector<double> propertyNumbers(const Node& entry, size_t first)
{
    std::vector<double> out;
    for (size_t i = first; i < entry.values.size(); ++i)
        if (entry.values[i].kind == Value::Kind::Integer || entry.values[i].kind == Value::Kind::Number)
            out.push_back(entry.values[i].asNumber());
    return out;
}

void readTransformProps(const Node& block, const char* entryName, size_t first, TransformProps& p)
{
    for (const Node& e : block.children) {
        if (e.name != entryName || e.values.empty())
            continue;
        const std::string& name = e.values[0].text;
        const std::vector<double> n = propertyNumbers(e, first);
        auto vec = [&](glm::dvec3& v) {
            if (n.size() >= 3)
                v = {n[0], n[1], n[2]};
        };
        if (name == "Lcl Translation") vec(p.translation);
        else if (name == "Lcl Rotation") vec(p.rotation);
        else if (name == "Lcl Scaling") vec(p.scaling);
        else if (name == "PreRotation") vec(p.preRotation);
        else if (name == "PostRotation") vec(p.postRotation);
        else if (name == "RotationOffset") vec(p.rotationOffset);
        else if (name == "RotationPivot") vec(p.rotationPivot);
        else if (name == "ScalingOffset") vec(p.scalingOffset);
        else if (name == "ScalingPivot") vec(p.scalingPivot);
        else if (name == "GeometricTranslation") vec(p.geometricTranslation);
        else if (name == "GeometricRotation") vec(p.geometricRotation);
        else if (name == "GeometricScaling") vec(p.geometricScaling);
        else if (name == "RotationOrder" && !n.empty()) p.rotationOrder = smallInt(n[0]);
        else if (name == "InheritType" && !n.empty()) p.inheritType = smallInt(n[0]);
    }
}

double fpsOfTimeMode(int mode, double custom)
{
    switch (mode) {
    case 1: return 120;
    case 2: return 100;
    case 3: return 60;
    case 4: return 50;
    case 5: return 48;
    case 6: case 7: return 30;
    case 8: case 9: return 30000.0 / 1001.0;
    case 10: return 25;
    case 11: return 24;
    case 12: return 1000;
    case 13: return 24000.0 / 1001.0;
    case 14: return custom > 0 && custom <= 10000 ? custom : 0;
    case 15: return 96;
    case 16: return 72;
    case 17: return 60000.0 / 1001.0;
    default: return 0;
    }
}

std::string objectName(const std::string& raw)
{
    const size_t binarySep = raw.find(std::string_view("\0\1", 2));
    if (binarySep != std::string::npos)
        return raw.substr(0, binarySep);
    const size_t asciiSep = raw.find("::");
    return asciiSep != std::string::npos ? raw.substr(asciiSep + 2) : raw;
}

Curve makeCurve(const std::vector<int64_t>& ticks, const std::vector<double>& values, size_t& dropped)
{
    Curve c;
    const size_t n = std::min(ticks.size(), values.size());
    for (size_t i = 0; i < n; ++i) {
        const double t = double(ticks[i]) / kTicksPerSecond;
        if (!std::isfinite(values[i]) || (!c.times.empty() && t <= c.times.back())) {
            ++dropped;
            continue;
        }
        c.times.push_back(t);
        c.values.push_back(values[i]);
    }
    return c;
}

glm::dmat4 matrixOf(const std::vector<double>& m)
{
    glm::dmat4 out(1.0);
    if (m.size() < 16)
        return out;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            out[c][r] = m[size_t(4 * c + r)];
    return out;
}

namespace {

template <class T>
std::vector<T> valuesIn(const Node& n, const char* name)
{
    const Node* c = n.child(name);
    if (!c)
        return {};
    if (c->values.size() == 1) {
        if constexpr (std::is_same_v<T, double>)
            return c->values[0].asNumbers();
        else
            return c->values[0].asIntegers();
    }
    std::vector<T> out;
    out.reserve(c->values.size());
    for (const Value& v : c->values)
        if (v.kind != Value::Kind::Text)
            out.push_back(std::is_same_v<T, double> ? T(v.asNumber()) : T(v.asInteger()));
    return out;
}

} // namespace

std::vector<double> numbersIn(const Node& n, const char* name) { return valuesIn<double>(n, name); }
std::vector<int64_t> integersIn(const Node& n, const char* name) { return valuesIn<int64_t>(n, name); }

void readGeometry(const Node& n, Geometry& g)
{
    g.vertices = numbersIn(n, "Vertices");
    g.polygons = integersIn(n, "PolygonVertexIndex");
    const Node* layer = n.child("LayerElementNormal");
    if (!layer)
        return;
    g.normals = numbersIn(*layer, "Normals");
    const Node* mapping = layer->child("MappingInformationType");
    const std::string map = mapping ? mapping->textAt(0) : "";
    g.normalsByControlPoint = map == "ByVertice" || map == "ByVertex" || map == "ByControlPoint";
    const Node* reference = layer->child("ReferenceInformationType");
    if (reference && reference->textAt(0) == "IndexToDirect")
        g.normalIndex = integersIn(*layer, "NormalsIndex");
    if (map != "ByPolygonVertex" && !g.normalsByControlPoint)
        g.normals.clear(); // by polygon, all the same: made from the faces instead
}

Cluster readCluster(const Node& n)
{
    Cluster c;
    c.indexes = integersIn(n, "Indexes");
    c.weights = numbersIn(n, "Weights");
    c.transform = matrixOf(numbersIn(n, "Transform"));
    c.transformLink = matrixOf(numbersIn(n, "TransformLink"));
    return c;
}

void readGlobalSettings(const Node& block, const char* entryName, size_t first, Objects& out)
{
    int timeMode = 0;
    double custom = 0;
    for (const Node& e : block.children) {
        const std::vector<double> n = propertyNumbers(e, first);
        if (e.name != entryName || n.empty())
            continue;
        const std::string name = e.textAt(0);
        if (name == "UpAxis") {
            out.upAxis = smallInt(n[0]);
            out.upAxisStated = true;
        } else if (name == "UnitScaleFactor") {
            out.unitScale = n[0];
        } else if (name == "TimeMode") {
            timeMode = smallInt(n[0]);
        } else if (name == "CustomFrameRate") {
            custom = n[0];
        }
    }
    out.fps = fpsOfTimeMode(timeMode, custom);
}

} // namespace bonescope::fbx
