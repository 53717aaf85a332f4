// Saving never loses data: an unedited file saves byte for byte; a write that fails (a simulated
// full disk through an injected writer that uses QSaveFile and then fails, or a folder QSaveFile
// cannot create its temporary file in) leaves the original file untouched, keeps the document's
// changes and says why; Export lists what the target cannot carry; the autosave copy is written,
// found by the next session, and removed on save.
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QUndoStack>
#include <QtTest>

#include "app/gui/document/autosave.h"
#include "app/gui/commands/edit_commands.h"
#include "app/gui/document/document.h"
#include "app/gui/saving/save_controller.h"
#include "app/gui/document/scene_loading.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

// A copy of a sample in a fresh folder, opened in `doc`.
QString openCopy(Document& doc, const QString& sample, const QString& name)
{
    const QString path = guitest::tempDir() + "/" + name;
    QFile::copy(sample, path);
    LoadResult r = loadAnimationFile(path);
    if (r.scene)
        doc.setScene(std::move(*r.scene), path);
    return path;
}

const QString kSeanim = BONESCOPE_SAMPLES "/seanim/synth_abs_lrs_loop_notes.seanim";

} // namespace

class EditorSaveTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void unchangedSaveIsByteIdentical()
    {
        Document doc;
        const QString path = openCopy(doc, kSeanim, "same.seanim");
        SaveController saves(&doc, nullptr, false);
        QVERIFY(saves.save());
        QCOMPARE(guitest::fileBytes(path), guitest::fileBytes(kSeanim));
    }

    void fullDiskKeepsTheOriginal()
    {
        Document doc;
        const QString path = openCopy(doc, kSeanim, "full.seanim");
        setDurationEdit(&doc, 0.2);
        QVERIFY(doc.isModified());
        SaveController saves(&doc, nullptr, false);
        // The disk fills up halfway: QSaveFile has written part of its temporary file when it fails.
        saves.setWriter([](const QString& p, const SaveContent& content) {
            const QByteArray bytes = contentBytes(content);
            QSaveFile f(p);
            if (!f.open(QIODevice::WriteOnly))
                return f.errorString();
            f.write(bytes.left(bytes.size() / 2));
            f.cancelWriting();
            f.commit();
            return QString("No space left on device");
        });
        QVERIFY(!saves.save());
        QVERIFY(saves.lastError().contains("No space left on device"));
        QCOMPARE(guitest::fileBytes(path), guitest::fileBytes(kSeanim));
        QVERIFY(doc.isModified());
        QCOMPARE(QDir(QFileInfo(path).path()).entryList({"full.seanim*"}, QDir::Files).size(), 1); // no temporary file left
    }

    void unwritableFolderReportsWhy()
    {
        Document doc;
        openCopy(doc, kSeanim, "folder.seanim");
        setDurationEdit(&doc, 0.2);
        SaveController saves(&doc, nullptr, false);
        // A "folder" that is a file: QSaveFile cannot create its temporary file there, even as root.
        const QString blocker = guitest::tempDir() + "/not_a_folder";
        QFile b(blocker);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write("x");
        b.close();
        QVERIFY(!saves.saveAs(blocker + "/out.seanim"));
        QVERIFY(saves.lastError().contains("out.seanim"));
        QCOMPARE(guitest::fileBytes(blocker), QByteArray("x"));
        QVERIFY(doc.isModified());
    }

    void saveAsMarksClean()
    {
        Document doc;
        openCopy(doc, kSeanim, "src.seanim");
        addNoteEdit(&doc, 0.1, "saved_note");
        SaveController saves(&doc, nullptr, false);
        const QString out = guitest::tempDir() + "/saved.seanim";
        QVERIFY(saves.saveAs(out));
        QVERIFY(!doc.isModified());
        QCOMPARE(doc.path(), out);
        LoadResult r = loadAnimationFile(out);
        QVERIFY(r.scene);
        const auto& notes = r.scene->currentAnimation()->notes;
        QVERIFY(std::any_of(notes.begin(), notes.end(), [](const Note& n) { return n.name == "saved_note"; }));
    }

    // A .glb naming an image beside itself (Kenney's grass.glb and Textures/colormap.png): saved
    // unedited in its folder it is its own bytes; saved where the image is not, it carries it.
    void glbNamingAnImageBesideItselfStandsWhereItIsSaved()
    {
        const QString dir = guitest::tempDir() + "/glb_beside";
        QVERIFY(QDir().mkpath(dir + "/Textures"));
        const QString fixture = BONESCOPE_FIXTURES "/gltf/beside_images";
        QVERIFY(QFile::copy(fixture + "/grass.glb", dir + "/grass.glb"));
        QVERIFY(QFile::copy(fixture + "/Textures/colormap.png", dir + "/Textures/colormap.png"));
        const QByteArray original = guitest::fileBytes(fixture + "/grass.glb");
        const QByteArray png = guitest::fileBytes(fixture + "/Textures/colormap.png");
        QVERIFY(!png.isEmpty());
        QVERIFY(!original.contains(png));

        Document doc;
        LoadResult r = loadAnimationFile(dir + "/grass.glb");
        QVERIFY2(r.scene, qPrintable(r.error));
        doc.setScene(std::move(*r.scene), dir + "/grass.glb");
        SaveController saves(&doc, nullptr, false);
        QVERIFY2(saves.save(), qPrintable(saves.lastError()));
        QCOMPARE(guitest::fileBytes(dir + "/grass.glb"), original);

        const QString elsewhere = guitest::tempDir() + "/glb_elsewhere";
        QVERIFY(QDir().mkpath(elsewhere));
        QVERIFY2(saves.saveAs(elsewhere + "/grass.glb"), qPrintable(saves.lastError()));
        const QByteArray carried = guitest::fileBytes(elsewhere + "/grass.glb");
        QVERIFY(carried.contains(png));
        LoadResult back = loadAnimationFile(elsewhere + "/grass.glb");
        QVERIFY2(back.scene, qPrintable(back.error));

        // Export says so.
        const QString exported = elsewhere + "/exported.glb";
        QVERIFY2(saves.exportTo(exported), qPrintable(saves.lastError()));
        QVERIFY2(saves.lastExportReport().join("\n").contains("embedded"), qPrintable(saves.lastExportReport().join("\n")));
        QVERIFY(guitest::fileBytes(exported).contains(png));
    }

    void exportReportsLosses()
    {
        Document doc;
        openCopy(doc, kSeanim, "exp.seanim");
        SaveController saves(&doc, nullptr, false);
        const QString out = guitest::tempDir() + "/exported.bvh";
        QVERIFY2(saves.exportTo(out), qPrintable(saves.lastError()));
        // BVH carries no notes: the report says so (the sample has notes).
        QVERIFY(saves.lastExportReport().join("\n").contains("note", Qt::CaseInsensitive));
        LoadResult r = loadAnimationFile(out);
        QVERIFY2(r.scene, qPrintable(r.error));
        QCOMPARE(r.scene->format, std::string("bvh"));
        QVERIFY(!doc.isModified());
    }

    void autosaveIsOfferedAndRemovedOnSave()
    {
        const QString folder = guitest::tempDir() + "/autosave";
        Document doc;
        const QString path = openCopy(doc, kSeanim, "auto.seanim");
        Autosave autosave(&doc, nullptr, folder);
        QVERIFY(!autosave.writeNow()); // nothing unsaved
        addNoteEdit(&doc, 0.1, "unsaved");
        QVERIFY(autosave.writeNow());
        QCOMPARE(guitest::fileBytes(path), guitest::fileBytes(kSeanim)); // the original is not touched

        // The next session finds it, with the original's path, and the copy holds the edit.
        Document other;
        Autosave next(&other, nullptr, folder);
        const QList<Recovery> found = next.pending();
        QCOMPARE(found.size(), 1);
        QCOMPARE(found[0].originalPath, path);
        LoadResult r = loadAnimationFile(found[0].autosavePath);
        QVERIFY(r.scene);
        const auto& notes = r.scene->currentAnimation()->notes;
        QVERIFY(std::any_of(notes.begin(), notes.end(), [](const Note& n) { return n.name == "unsaved"; }));

        SaveController saves(&doc, nullptr, false);
        QVERIFY(saves.save());
        QVERIFY(next.pending().isEmpty());
        QVERIFY(QDir(folder).entryList(QDir::Files).isEmpty());
    }
};

QTEST_MAIN(EditorSaveTest)
#include "editor_save_test.moc"
