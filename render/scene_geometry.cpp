#include "render/scene_geometry.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace bonescope::render {

namespace {

glm::vec4 colorFor(uint8_t f, const BoneStyle& s)
{
    if (f & boneflag::Current)
        return s.current;
    if (f & boneflag::Selected)
        return s.selected;
    if (f & boneflag::Hovered)
        return s.hovered;
    if (f & boneflag::FromBase)
        return s.fromBase;
    return s.normal;
}

// Maps the unit bone (0,0,0)-(0,1,0) onto a -> b, its width proportional to its length.
glm::mat4 boneMatrix(const glm::vec3& a, const glm::vec3& b)
{
    const glm::vec3 y = b - a;
    const float len = glm::length(y);
    const glm::vec3 dir = y / len;
    const glm::vec3 helper = std::abs(dir.y) < 0.9f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0);
    const glm::vec3 x = glm::normalize(glm::cross(helper, dir)) * len;
    const glm::vec3 z = glm::normalize(glm::cross(x, dir)) * len;
    return glm::mat4(glm::vec4(x, 0), glm::vec4(y, 0), glm::vec4(z, 0), glm::vec4(a, 1));
}

} // namespace

void buildBoneInstances(const std::vector<glm::vec3>& joints, const std::vector<int>& parents,
                        const std::vector<JointMark>& marks, const std::vector<uint8_t>& links,
                        const std::vector<uint8_t>& flags, const BoneStyle& style, std::vector<ShapeInstance>& bones,
                        std::vector<ShapeInstance>& spheres)
{
    bones.clear();
    spheres.clear();
    const size_t n = joints.size();
    auto mark = [&](size_t i) { return i < marks.size() ? marks[i] : JointMark::Joint; };
    auto flag = [&](size_t i) { return i < flags.size() ? flags[i] : uint8_t(0); };
    for (size_t i = 0; i < n; ++i) {
        const JointMark m = mark(i);
        if (m == JointMark::Hidden)
            continue;
        const uint8_t f = flag(i);
        float r = style.jointRadius * ((f & (boneflag::Selected | boneflag::Hovered)) ? 1.35f : 1.f);
        glm::vec4 color = colorFor(f, style);
        if (m != JointMark::Joint && !(f & (boneflag::Selected | boneflag::Hovered))) {
            switch (m) {
            case JointMark::Volume: color = style.volume, r *= 0.75f; break;
            case JointMark::Camera: color = style.camera, r *= 0.6f; break;
            case JointMark::Light: color = style.light, r *= 0.6f; break;
            case JointMark::Empty: color = style.empty, r *= 0.4f; break;
            default: color = style.attachment, r *= 0.6f; break;
            }
        }
        glm::mat4 sphere = glm::translate(glm::mat4(1.f), joints[i]);
        spheres.push_back({glm::scale(sphere, glm::vec3(r)), color});
        const int p = i < parents.size() ? parents[i] : -1;
        if (m != JointMark::Joint || p < 0 || p >= int(n) || mark(size_t(p)) != JointMark::Joint)
            continue;
        if ((i < links.size() && links[i]) || glm::distance(joints[p], joints[i]) < style.jointRadius * 0.5f)
            continue;
        bones.push_back({boneMatrix(joints[p], joints[i]), colorFor(flag(size_t(p)), style)});
    }
}

std::vector<LineVertex> nodeGlyphs(const std::vector<glm::vec3>& joints, const std::vector<glm::mat3>& axes,
                                   const std::vector<JointMark>& marks, float size, const BoneStyle& style)
{
    std::vector<LineVertex> out;
    auto line = [&](glm::vec3 a, glm::vec3 b, const glm::vec4& c) {
        out.push_back({a, c});
        out.push_back({b, c});
    };
    for (size_t i = 0; i < joints.size() && i < marks.size() && i < axes.size(); ++i) {
        const glm::vec3 at = joints[i];
        const glm::vec3 x = axes[i][0] * size, y = axes[i][1] * size, z = axes[i][2] * size; // unit columns
        switch (marks[i]) {
        case JointMark::Camera: {
            const glm::vec3 ahead = at - z * 1.5f;
            const glm::vec3 corner[4] = {ahead + x + y * 0.75f, ahead - x + y * 0.75f, ahead - x - y * 0.75f,
                                         ahead + x - y * 0.75f};
            for (int k = 0; k < 4; ++k) {
                line(at, corner[k], style.camera);
                line(corner[k], corner[(k + 1) % 4], style.camera);
            }
            line(ahead + x * 0.5f + y * 0.9f, ahead + y * 1.4f, style.camera);
            line(ahead + y * 1.4f, ahead - x * 0.5f + y * 0.9f, style.camera);
            break;
        }
        case JointMark::Light:
            for (const glm::vec3& d : {x, y, z}) {
                line(at + d * 0.4f, at + d, style.light);
                line(at - d * 0.4f, at - d, style.light);
            }
            break;
        case JointMark::Empty:
            for (const glm::vec3& d : {x, y, z})
                line(at - d * 0.5f, at + d * 0.5f, style.empty);
            break;
        default: break;
        }
    }
    return out;
}

void appendDashedLine(const glm::vec3& a, const glm::vec3& b, int dashes, const glm::vec4& color,
                      std::vector<LineVertex>& out)
{
    dashes = std::max(dashes, 1);
    const glm::vec3 step = (b - a) / float(dashes * 2 - 1);
    for (int d = 0; d < dashes; ++d) {
        out.push_back({a + step * float(d * 2), color});
        out.push_back({a + step * float(d * 2 + 1), color});
    }
}

BoneStyle ghostStyle(BoneStyle style, const glm::vec4& color)
{
    style.normal = style.selected = style.current = style.hovered = color;
    style.volume = style.attachment = style.link = style.fromBase = color;
    return style;
}

std::vector<LineVertex> motionPathSegments(const std::vector<MotionPath>& paths, float dot)
{
    std::vector<LineVertex> out;
    for (const MotionPath& path : paths) {
        out.reserve(out.size() + path.points.size() * 8);
        for (size_t i = 0; i < path.points.size(); ++i) {
            const glm::vec3 p = path.points[i];
            if (i > 0) {
                out.push_back({path.points[i - 1], path.color});
                out.push_back({p, path.color});
            }
            for (int a = 0; a < 3; ++a) {
                glm::vec3 d(0);
                d[a] = dot;
                out.push_back({p - d, path.color});
                out.push_back({p + d, path.color});
            }
        }
    }
    return out;
}

std::vector<LineVertex> groundGrid(glm::vec3 center, float spacing, int halfCells)
{
    std::vector<LineVertex> out;
    const float cx = std::round(center.x / spacing) * spacing, cz = std::round(center.z / spacing) * spacing;
    const float extent = spacing * halfCells;
    for (int i = -halfCells; i <= halfCells; ++i) {
        const float a = (i % 5 == 0) ? 0.5f : 0.3f;
        const glm::vec4 c(0.55f, 0.57f, 0.6f, a);
        const float x = cx + i * spacing, z = cz + i * spacing;
        out.push_back({{x, 0, cz - extent}, c});
        out.push_back({{x, 0, cz + extent}, c});
        out.push_back({{cx - extent, 0, z}, c});
        out.push_back({{cx + extent, 0, z}, c});
    }
    return out;
}

std::vector<LineVertex> axisLines(float length)
{
    const glm::vec4 r(0.9f, 0.25f, 0.25f, 1), g(0.3f, 0.85f, 0.3f, 1), b(0.3f, 0.45f, 1.f, 1);
    return {{{0, 0, 0}, r}, {{length, 0, 0}, r}, {{0, 0, 0}, g}, {{0, length, 0}, g},
            {{0, 0, 0}, b}, {{0, 0, length}, b}};
}

void appendJointAxes(const glm::vec3& at, const glm::mat3& axes, float length, std::vector<LineVertex>& out)
{
    const glm::vec4 colors[3] = {{1.f, 0.3f, 0.3f, 1}, {0.35f, 1.f, 0.35f, 1}, {0.4f, 0.55f, 1.f, 1}};
    for (int c = 0; c < 3; ++c) {
        out.push_back({at, colors[c]});
        out.push_back({at + axes[c] * length, colors[c]});
    }
}

std::vector<LineVertex> polylineSegments(const std::vector<Polyline>& lines, float marker)
{
    std::vector<LineVertex> out;
    for (const Polyline& line : lines) {
        if (line.points.size() == 1) {
            const glm::vec3 p = line.points[0];
            for (int a = 0; a < 3; ++a) {
                glm::vec3 d(0);
                d[a] = marker;
                out.push_back({p - d, line.color});
                out.push_back({p + d, line.color});
            }
        }
        for (size_t i = 1; i < line.points.size(); ++i) {
            out.push_back({line.points[i - 1], line.color});
            out.push_back({line.points[i], line.color});
        }
    }
    return out;
}

float niceSpacing(float size)
{
    const float raw = std::max(size, 1e-4f) / 10.f;
    const float p = std::pow(10.f, std::floor(std::log10(raw)));
    const float m = raw / p;
    return p * (m < 1.5f ? 1.f : m < 3.5f ? 2.f : m < 7.5f ? 5.f : 10.f);
}

float typicalBoneLength(const std::vector<glm::vec3>& joints, const std::vector<int>& parents,
                        const std::vector<uint8_t>& limb)
{
    auto isLimb = [&](size_t i) { return limb.empty() || (i < limb.size() && limb[i]); };
    std::vector<float> lengths;
    for (size_t i = 0; i < joints.size() && i < parents.size(); ++i)
        if (parents[i] >= 0 && parents[i] < int(joints.size()) && isLimb(i) && isLimb(size_t(parents[i]))) {
            const float d = glm::distance(joints[i], joints[parents[i]]);
            if (d > 0)
                lengths.push_back(d);
        }
    if (lengths.empty())
        return 0;
    std::nth_element(lengths.begin(), lengths.begin() + lengths.size() / 2, lengths.end());
    return lengths[lengths.size() / 2];
}

} // namespace bonescope::render
