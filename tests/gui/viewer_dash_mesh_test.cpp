// A Dash model carries its own skinned mesh (inverse bind from the skeleton's rest): the window draws
// it, skinned on the GPU with the joint matrices checked here against positions worked out by hand,
// and the properties panel lists it.
#include <QTreeWidget>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/properties_panel.h"
#include "gui_test_support.h"
#include "render/skinning.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

// tests/formats/dash_fixture_gen.cpp builds every fixture from one model: bones root (origin),
// spine (0,1,0), head (0,0.5,0) turned 90 degrees about Z, tail (0,-0.5,0) scaled (1,2,1); four
// vertices (0,0,0) on root, (0,1,0) on spine, (0,1.5,0) 1/4 spine + 3/4 head, (0,-0.5,0) on tail.
// "walk" at 0.5 s: root at (0,0,1), spine turned 45 degrees about X, head at (0,0.5,0) in the spine.
// Vertex 2 sits on the head joint, so both influences carry it to the head joint:
// (0, 1 + 0.5 cos 45, 1 + 0.5 sin 45).
const float kS = 0.5f * std::sqrt(0.5f);
const glm::vec3 kRest[4] = {{0, 0, 0}, {0, 1, 0}, {0, 1.5f, 0}, {0, -0.5f, 0}};
const glm::vec3 kHalfSecond[4] = {{0, 0, 1}, {0, 1, 1}, {0, 1 + kS, 1 + kS}, {0, -0.5f, 1}};

bool near(const glm::vec3& a, const glm::vec3& b) { return glm::distance(a, b) < 1e-4f; }

QString text(const glm::vec3& v) { return QString("(%1, %2, %3)").arg(v.x).arg(v.y).arg(v.z); }

} // namespace

class DashMeshTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void fixtureMeshIsDrawnAndDeforms_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* f : {"model15.dmf", "model15_json.dmf", "model20.dmx", "model20_json.dmx"})
            QTest::newRow(f) << QStringLiteral(BONESCOPE_FIXTURES "/dash/") + f;
    }

    void fixtureMeshIsDrawnAndDeforms()
    {
        QFETCH(QString, file);
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(file), qPrintable(w.lastError()));
        Document* doc = w.document();
        QVERIFY(doc->mesh());
        QVERIFY(doc->meshFromFile());
        const Mesh& mesh = *doc->mesh();
        QCOMPARE(mesh.positions.size(), size_t(4));
        QCOMPARE(mesh.indices.size(), size_t(6));
        QVERIFY(mesh.skinned());
        QCOMPARE(mesh.inverseBind.size(), doc->skeleton().size()); // filled from the rest pose

        render::Viewport* view = w.viewport();
        doc->setTime(0);
        view->frameAll();
        const auto skin0 = view->skinMatrices();
        QCOMPARE(skin0.size(), doc->skeleton().size());
        for (size_t v = 0; v < 4; ++v) {
            const glm::vec3 p = render::skinnedPosition(mesh, v, skin0);
            QVERIFY2(near(p, kRest[v]), qPrintable(QString("vertex %1 at %2").arg(v).arg(text(p))));
        }
        doc->setTime(0.5);
        const auto& skin = view->skinMatrices();
        for (size_t v = 0; v < 4; ++v) {
            const glm::vec3 p = render::skinnedPosition(mesh, v, skin);
            QVERIFY2(near(p, kHalfSecond[v]), qPrintable(QString("vertex %1 at %2").arg(v).arg(text(p))));
        }
        // At rest the four vertices lie on the Y axis; bent, the first triangle opens in the YZ plane
        // and the mesh covers pixels of its own.
        view->frameAll();
        view->setShowBones(false);
        const QImage bentMesh = guitest::viewportImage(w);
        view->setShowMesh(false);
        const QImage bentBare = guitest::viewportImage(w);
        QVERIFY2(guitest::differingPixels(bentMesh, bentBare) > 300,
                 qPrintable(QString::number(guitest::differingPixels(bentMesh, bentBare))));

        // The properties panel names the mesh and where it comes from.
        const QStringList rows = guitest::treeRows(w.properties()->tree());
        QVERIFY2(rows.contains("Mesh: 4 vertices, 2 triangles"), qPrintable(rows.join(" | ")));
        QVERIFY2(rows.contains("Source: the file's own"), qPrintable(rows.join(" | ")));
    }
};

QTEST_MAIN(DashMeshTest)
#include "viewer_dash_mesh_test.moc"
