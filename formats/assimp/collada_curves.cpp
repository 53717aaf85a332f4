#include "formats/assimp/collada_curves.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

#include <glm/gtc/matrix_transform.hpp>
#include <pugixml.hpp>

namespace bonescope {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Locale-free: a COLLADA number list is C numbers whatever the user's locale.
std::vector<double> numbers(std::string_view text)
{
    std::vector<double> out;
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        while (p < end && isSpace(*p))
            ++p;
        if (p == end)
            break;
        if (*p == '+')
            ++p;
        double v = 0;
        const auto [next, ec] = std::from_chars(p, end, v);
        if (ec != std::errc() || next == p)
            return {}; // not a number list: the sampler is left to Assimp
        out.push_back(v);
        p = next;
    }
    return out;
}

std::vector<std::string_view> words(std::string_view text)
{
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && isSpace(text[i]))
            ++i;
        const size_t start = i;
        while (i < text.size() && !isSpace(text[i]))
            ++i;
        if (i > start)
            out.push_back(text.substr(start, i - start));
    }
    return out;
}

// Every element with an id, found without recursion (pugixml's walker keeps its own depth).
struct IdWalker : pugi::xml_tree_walker {
    std::unordered_map<std::string_view, pugi::xml_node> ids;
    std::vector<pugi::xml_node> samplers, channels;
    bool for_each(pugi::xml_node& n) override
    {
        if (n.type() != pugi::node_element)
            return true;
        if (const pugi::xml_attribute id = n.attribute("id"))
            ids.emplace(id.value(), n);
        const std::string_view name = n.name();
        const std::string_view parent = n.parent().name();
        if (parent == "animation" && name == "sampler")
            samplers.push_back(n);
        else if (parent == "animation" && name == "channel")
            channels.push_back(n);
        return true;
    }
};

pugi::xml_node byUrl(const IdWalker& w, std::string_view url)
{
    if (!url.empty() && url.front() == '#')
        url.remove_prefix(1);
    const auto it = w.ids.find(url);
    return it == w.ids.end() ? pugi::xml_node() : it->second;
}

std::string_view arrayText(pugi::xml_node source, const char* kind)
{
    const pugi::xml_node array = source.child(kind);
    return array ? std::string_view(array.child_value()) : std::string_view();
}

std::optional<ColladaSampler> readSampler(const IdWalker& w, pugi::xml_node sampler)
{
    ColladaSampler s;
    std::vector<std::string_view> interpolation;
    for (pugi::xml_node input : sampler.children("input")) {
        const std::string_view semantic = input.attribute("semantic").value();
        const pugi::xml_node source = byUrl(w, input.attribute("source").value());
        if (!source)
            continue;
        if (semantic == "INPUT")
            s.times = numbers(arrayText(source, "float_array"));
        else if (semantic == "OUTPUT")
            s.values = numbers(arrayText(source, "float_array"));
        else if (semantic == "INTERPOLATION")
            interpolation = words(arrayText(source, "Name_array"));
        else if (semantic == "IN_TANGENT")
            s.inTangents = numbers(arrayText(source, "float_array"));
        else if (semantic == "OUT_TANGENT")
            s.outTangents = numbers(arrayText(source, "float_array"));
    }
    if (s.times.empty() || s.values.size() < s.times.size() || !std::is_sorted(s.times.begin(), s.times.end()))
        return std::nullopt;
    s.stride = int(std::min<size_t>(s.values.size() / s.times.size(), 16));
    for (const std::string_view word : interpolation)
        s.kinds.push_back(word == "BEZIER"    ? ColladaSampler::Kind::Bezier
                          : word == "HERMITE" ? ColladaSampler::Kind::Hermite
                          : word == "STEP"    ? ColladaSampler::Kind::Step
                                              : ColladaSampler::Kind::Linear);
    return s;
}

// "ID/SID", "ID/SID.X|Y|Z|ANGLE" or "ID/SID(i)" / "ID/SID(i)(j)" (matrix cells, column first).
struct Target {
    std::string_view node, sid;
    int member = -1;
    bool valid = false;
};

Target parseTarget(std::string_view target)
{
    Target t;
    const size_t slash = target.find('/');
    if (slash == std::string_view::npos || slash == 0)
        return t;
    t.node = target.substr(0, slash);
    std::string_view rest = target.substr(slash + 1);
    if (const size_t paren = rest.find('('); paren != std::string_view::npos) {
        t.sid = rest.substr(0, paren);
        std::vector<int> index;
        std::string_view cells = rest.substr(paren);
        while (!cells.empty() && cells.front() == '(') {
            const size_t close = cells.find(')');
            if (close == std::string_view::npos)
                return t;
            int v = -1;
            const auto [p, ec] = std::from_chars(cells.data() + 1, cells.data() + close, v);
            if (ec != std::errc() || p != cells.data() + close || v < 0 || v > 15)
                return t;
            index.push_back(v);
            cells.remove_prefix(close + 1);
        }
        if (!cells.empty() || index.empty() || index.size() > 2)
            return t;
        t.member = index.size() == 2 ? index[0] + 4 * index[1] : index[0];
    } else if (const size_t dot = rest.find('.'); dot != std::string_view::npos) {
        t.sid = rest.substr(0, dot);
        const std::string_view member = rest.substr(dot + 1);
        t.member = member == "X" ? 0 : member == "Y" ? 1 : member == "Z" ? 2 : member == "ANGLE" ? 3 : -2;
        if (t.member == -2)
            return t;
    } else {
        t.sid = rest;
    }
    t.valid = !t.sid.empty();
    return t;
}

// The node's transform elements, or nothing when one is a kind this does not compose (lookat, skew):
// such a node keeps what Assimp made of it.
std::optional<std::vector<ColladaNodeCurves::Element>> readElements(pugi::xml_node node)
{
    using Kind = ColladaNodeCurves::ElementKind;
    std::vector<ColladaNodeCurves::Element> out;
    for (pugi::xml_node e : node.children()) {
        const std::string_view name = e.name();
        if (name == "lookat" || name == "skew")
            return std::nullopt;
        const Kind kind = name == "translate" ? Kind::Translate
                        : name == "rotate"    ? Kind::Rotate
                        : name == "scale"     ? Kind::Scale
                        : name == "matrix"    ? Kind::Matrix
                                              : Kind(255);
        if (kind == Kind(255))
            continue;
        std::vector<double> values = numbers(e.child_value());
        const size_t wanted = kind == Kind::Matrix ? 16 : kind == Kind::Rotate ? 4 : 3;
        if (values.size() != wanted)
            return std::nullopt;
        out.push_back({kind, e.attribute("sid").value(), std::move(values)});
    }
    return out;
}

glm::dmat4 elementMatrix(const ColladaNodeCurves::Element& e, const std::vector<double>& v)
{
    using Kind = ColladaNodeCurves::ElementKind;
    switch (e.kind) {
    case Kind::Translate:
        return glm::translate(glm::dmat4(1.0), glm::dvec3(v[0], v[1], v[2]));
    case Kind::Scale:
        return glm::scale(glm::dmat4(1.0), glm::dvec3(v[0], v[1], v[2]));
    case Kind::Rotate: {
        const glm::dvec3 axis(v[0], v[1], v[2]);
        if (glm::dot(axis, axis) == 0.0)
            return glm::dmat4(1.0);
        return glm::rotate(glm::dmat4(1.0), glm::radians(v[3]), axis);
    }
    case Kind::Matrix: {
        glm::dmat4 m;
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c)
                m[c][r] = v[size_t(r * 4 + c)]; // COLLADA writes a matrix row by row
        return m;
    }
    }
    return glm::dmat4(1.0);
}

} // namespace

int ColladaSampler::tangentWidth(const std::vector<double>& tangents) const
{
    if (tangents.size() == times.size() * size_t(stride) * 2)
        return 2 * stride;
    if (tangents.size() == times.size() * size_t(stride))
        return stride;
    return 0;
}

bool ColladaSampler::curvedAfter(size_t k) const
{
    if (k + 1 >= times.size() || k >= kinds.size() || !(times[k + 1] > times[k]))
        return false;
    if (kinds[k] == Kind::Bezier)
        return tangentWidth(inTangents) == 2 * stride && tangentWidth(outTangents) == 2 * stride;
    if (kinds[k] == Kind::Hermite)
        return tangentWidth(inTangents) != 0 && tangentWidth(outTangents) != 0;
    return false;
}

double ColladaSampler::curve(size_t k, int c, double t) const
{
    const double t0 = times[k], t1 = times[k + 1];
    const double p0 = values[k * size_t(stride) + size_t(c)], p1 = values[(k + 1) * size_t(stride) + size_t(c)];
    const int inWidth = tangentWidth(inTangents), outWidth = tangentWidth(outTangents);
    // A tangent point's value (and time, where given) for component c at key k.
    const auto value = [&](const std::vector<double>& tangents, int width, size_t key) {
        return width == 2 * stride ? tangents[key * size_t(width) + size_t(2 * c + 1)] : tangents[key * size_t(width) + size_t(c)];
    };
    const double outY = value(outTangents, outWidth, k), inY = value(inTangents, inWidth, k + 1);
    if (kinds[k] == Kind::Hermite) { // tangents are slopes times the span (COLLADA 1.4.1, 4-4)
        const double u = (t - t0) / (t1 - t0), u2 = u * u, u3 = u2 * u;
        return (2 * u3 - 3 * u2 + 1) * p0 + (u3 - 2 * u2 + u) * outY + (-2 * u3 + 3 * u2) * p1 + (u3 - u2) * inY;
    }
    // BEZIER: a 2D curve through (t0, p0) and (t1, p1) with control points (outX, outY), (inX, inY);
    // its time grows with s in a sane file, so s is found by halving.
    const double outX = outTangents[k * size_t(outWidth) + size_t(2 * c)];
    const double inX = inTangents[(k + 1) * size_t(inWidth) + size_t(2 * c)];
    const auto bezier = [](double s, double a, double b, double cc, double d) {
        const double r = 1 - s;
        return r * r * r * a + 3 * r * r * s * b + 3 * r * s * s * cc + s * s * s * d;
    };
    double lo = 0, hi = 1;
    for (int i = 0; i < 60; ++i) {
        const double mid = (lo + hi) / 2;
        (bezier(mid, t0, outX, inX, t1) < t ? lo : hi) = mid;
    }
    return bezier((lo + hi) / 2, p0, outY, inY, p1);
}

void ColladaSampler::valuesAt(double t, double* out) const
{
    const size_t n = size_t(stride);
    const auto copyKey = [&](size_t k) { std::copy_n(values.begin() + std::ptrdiff_t(k * n), n, out); };
    if (!(t > times.front()))
        return copyKey(0);
    if (t >= times.back())
        return copyKey(times.size() - 1);
    const size_t k = size_t(std::upper_bound(times.begin(), times.end(), t) - times.begin()) - 1;
    const double t0 = times[k], t1 = times[k + 1];
    const Kind kind = k < kinds.size() ? kinds[k] : Kind::Linear;
    if (kind == Kind::Step || !(t1 > t0))
        return copyKey(k);
    if (curvedAfter(k)) {
        for (size_t c = 0; c < n; ++c)
            out[c] = curve(k, int(c), t);
        return;
    }
    const double u = (t - t0) / (t1 - t0);
    for (size_t c = 0; c < n; ++c)
        out[c] = values[k * n + c] + (values[(k + 1) * n + c] - values[k * n + c]) * u;
}

glm::dmat4 ColladaCurves::localAt(const ColladaNodeCurves& node, double t) const
{
    glm::dmat4 m(1.0);
    double sampled[16];
    for (size_t e = 0; e < node.elements.size(); ++e) {
        std::vector<double> v = node.elements[e].values;
        for (const ColladaNodeCurves::Channel& ch : node.channels) {
            if (ch.element != e)
                continue;
            const ColladaSampler& s = samplers[ch.sampler];
            s.valuesAt(t, sampled);
            if (ch.member < 0)
                std::copy_n(sampled, std::min(v.size(), size_t(s.stride)), v.begin());
            else if (size_t(ch.member) < v.size())
                v[size_t(ch.member)] = sampled[0];
        }
        m *= elementMatrix(node.elements[e], v);
    }
    return m;
}

std::optional<ColladaCurves> readColladaCurves(std::span<const uint8_t> bytes)
{
    pugi::xml_document doc;
    if (!doc.load_buffer(bytes.data(), bytes.size()))
        return std::nullopt;
    IdWalker w;
    doc.traverse(w);
    ColladaCurves curves;
    std::unordered_map<std::string_view, size_t> samplerIndex;
    for (pugi::xml_node channel : w.channels) {
        const Target target = parseTarget(channel.attribute("target").value());
        const pugi::xml_node samplerNode = byUrl(w, channel.attribute("source").value());
        const pugi::xml_node node = byUrl(w, target.node);
        if (!target.valid || !samplerNode || std::string_view(node.name()) != "node")
            continue;
        auto found = samplerIndex.find(samplerNode.attribute("id").value());
        if (found == samplerIndex.end()) {
            std::optional<ColladaSampler> s = readSampler(w, samplerNode);
            if (!s)
                continue;
            curves.samplers.push_back(std::move(*s));
            found = samplerIndex.emplace(samplerNode.attribute("id").value(), curves.samplers.size() - 1).first;
        }
        auto [it, added] = curves.nodes.try_emplace(std::string(target.node));
        if (added) {
            std::optional<std::vector<ColladaNodeCurves::Element>> elements = readElements(node);
            if (!elements)
                continue; // left without elements, so without channels: dropped below
            it->second.elements = std::move(*elements);
        }
        const auto element = std::find_if(it->second.elements.begin(), it->second.elements.end(),
                                          [&](const auto& e) { return e.sid == target.sid; });
        if (element == it->second.elements.end())
            continue;
        it->second.channels.push_back({size_t(element - it->second.elements.begin()), target.member, found->second});
    }
    // Only nodes a curve moves are worth computing again.
    for (auto it = curves.nodes.begin(); it != curves.nodes.end();) {
        bool curved = false;
        for (const ColladaNodeCurves::Channel& ch : it->second.channels) {
            const ColladaSampler& s = curves.samplers[ch.sampler];
            for (size_t k = 0; k + 1 < s.times.size() && !curved; ++k)
                curved = s.curvedAfter(k);
        }
        it = curved ? std::next(it) : curves.nodes.erase(it);
    }
    if (curves.nodes.empty())
        return std::nullopt;
    return curves;
}

} // namespace bonescope
