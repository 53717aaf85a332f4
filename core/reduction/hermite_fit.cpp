#include "core/reduction/hermite_fit.h"

#include <glm/geometric.hpp>

namespace bonescope::reduction {

namespace {

struct Basis {
    double h00, h10, h01, h11;
};

Basis basisAt(double s)
{
    const double s2 = s * s, s3 = s2 * s;
    return {2 * s3 - 3 * s2 + 1, s3 - 2 * s2 + s, -2 * s3 + 3 * s2, s3 - s2};
}

} // namespace

glm::dvec4 hermiteAt(double t0, double t1, const glm::dvec4& p0, const glm::dvec4& p1, const HermiteTangents& m, double t)
{
    const double dt = t1 - t0;
    const Basis b = basisAt((t - t0) / dt);
    return p0 * b.h00 + m.out0 * (dt * b.h10) + p1 * b.h01 + m.in1 * (dt * b.h11);
}

HermiteTangents fitHermite(double t0, double t1, const glm::dvec4& p0, const glm::dvec4& p1, const double* t,
                           const glm::dvec4* x, size_t count, const HermiteTangents& prior)
{
    // Unknowns u = out0 * dt and v = in1 * dt; each sample says h10 u + h11 v = x - h00 p0 - h01 p1.
    // Normal equations, shared by the four components, with a small pull towards the prior so that
    // too few samples still give one answer.
    const double dt = t1 - t0;
    double a = 0, b = 0, c = 0;
    glm::dvec4 ru(0.0), rv(0.0);
    for (size_t k = 0; k < count; ++k) {
        const Basis h = basisAt((t[k] - t0) / dt);
        const glm::dvec4 r = x[k] - p0 * h.h00 - p1 * h.h01;
        a += h.h10 * h.h10;
        b += h.h10 * h.h11;
        c += h.h11 * h.h11;
        ru += r * h.h10;
        rv += r * h.h11;
    }
    const double ridge = 1e-9 + 1e-6 * (a + c);
    const glm::dvec4 u0 = prior.out0 * dt, v0 = prior.in1 * dt;
    a += ridge;
    c += ridge;
    ru += u0 * ridge;
    rv += v0 * ridge;
    const double det = a * c - b * b;
    const glm::dvec4 u = (ru * c - rv * b) / det;
    const glm::dvec4 v = (rv * a - ru * b) / det;
    return {u / dt, v / dt};
}

} // namespace bonescope::reduction
