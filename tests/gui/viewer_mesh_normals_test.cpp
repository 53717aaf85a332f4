// A mesh without normals (a glTF primitive with no NORMAL, as Fox.glb's) is shaded, not drawn as one
// flat colour (first-use pass 3, F21): an octahedron written by the test as .glb without normals,
// opened in the window, shows faces of different brightness under the view's light. The normals are
// the viewer's own: the file read back still has none.
#include <algorithm>

#include <QMenuBar>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "formats/registry.h"
#include "gui_test_support.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

// One bone, and round it an octahedron of six shared corners skinned to it, with no normals.
Scene octahedron()
{
    Scene s;
    Bone root;
    root.name = "root";
    s.skeleton.bones.push_back(root);
    Mesh& m = s.mesh;
    m.positions = {{1, 1, 0}, {-1, 1, 0}, {0, 2, 0}, {0, 0, 0}, {0, 1, 1}, {0, 1, -1}};
    m.indices = {0, 2, 4, 4, 2, 1, 1, 2, 5, 5, 2, 0, 0, 4, 3, 4, 1, 3, 1, 5, 3, 5, 0, 3};
    m.joints.assign(m.positions.size(), glm::uvec4(0));
    m.weights.assign(m.positions.size(), glm::vec4(1, 0, 0, 0));
    m.inverseBind = {glm::mat4(1.f)};
    Animation a;
    a.name = "still";
    a.duration = 1;
    Track t;
    t.name = "root";
    t.rotation.keys.push_back({0.0, glm::dquat(1, 0, 0, 0)});
    t.rotation.keys.push_back({1.0, glm::dquat(1, 0, 0, 0)});
    a.tracks.push_back(t);
    s.animations.push_back(a);
    return s;
}

} // namespace

class MeshNormalsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void meshWithoutNormalsIsShaded()
    {
        const Format& gltf = *Registry::instance().byId("gltf");
        const std::vector<uint8_t> glb = gltf.write(octahedron());
        QVERIFY(gltf.read(glb).mesh.normals.empty());
        const QString path = guitest::writeTempFile("octahedron_no_normals.glb", glb);
        QVERIFY(!path.isEmpty());

        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(path), qPrintable(w.lastError()));
        QVERIFY(w.document()->mesh() && w.document()->mesh()->normals.empty());
        QMenu* viewMenu = guitest::menuNamed(w.menuBar()->actions(), "View");
        QAction* bones = guitest::actionNamed(viewMenu, "Show bones");
        QAction* mesh = guitest::actionNamed(viewMenu, "Show mesh");
        QVERIFY(bones && mesh && mesh->isChecked());
        bones->trigger(); // the mesh alone
        w.viewport()->frameAll();
        const QImage shown = guitest::viewportImage(w);
        mesh->trigger();
        const QImage hidden = guitest::viewportImage(w);
        mesh->trigger();

        // The mesh's pixels away from its outline (there they blend with the floor behind).
        auto onMesh = [&](int x, int y) {
            for (int dy = -2; dy <= 2; ++dy)
                for (int dx = -2; dx <= 2; ++dx) {
                    const int px = std::clamp(x + dx, 0, shown.width() - 1), py = std::clamp(y + dy, 0, shown.height() - 1);
                    const QRgb a = shown.pixel(px, py), b = hidden.pixel(px, py);
                    if (std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) + std::abs(qBlue(a) - qBlue(b)) < 24)
                        return false;
                }
            return true;
        };
        int count = 0, darkest = 255, brightest = 0;
        for (int y = 0; y < shown.height(); ++y)
            for (int x = 0; x < shown.width(); ++x)
                if (onMesh(x, y)) {
                    ++count;
                    darkest = std::min(darkest, qGray(shown.pixel(x, y)));
                    brightest = std::max(brightest, qGray(shown.pixel(x, y)));
                }
        QVERIFY2(count > 2000, qPrintable(QString("%1 mesh pixels").arg(count)));
        QVERIFY2(brightest - darkest >= 30,
                 qPrintable(QString("the mesh's grey runs from %1 to %2 over %3 pixels").arg(darkest).arg(brightest).arg(count)));
    }
};

QTEST_MAIN(MeshNormalsTest)
#include "viewer_mesh_normals_test.moc"
