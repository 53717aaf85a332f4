// A save never loses the user's work, with the faults injected: a write the operating system
// refuses part way (a file-size limit makes write() fail like a full disk), a writer seam whose
// writes fail, a file rewritten by another program between open and save, an export aimed at the
// open document. Autosave copies are private and the recovery list trusts only its own folder.
#include <filesystem>

#include <QFile>
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

#ifdef Q_OS_UNIX
#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>
#endif

#include "app/gui/document/autosave.h"
#include "app/gui/commands/edit_commands.h"
#include "app/gui/document/document.h"
#include "app/gui/dialogs/retarget_dialog.h"
#include "app/gui/saving/save_controller.h"
#include "app/gui/document/scene_loading.h"
#include "box_answerer.h"
#include "formats/seanim/seanim_format.h"
#include "gui_test_support.h"
#include "tests/bench/synthetic.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

// 8,791 bytes: more than the 4 KiB the tests let the disk take, less than Qt's write buffer.
const QString kBig = BONESCOPE_SAMPLES "/seanim/synth_300bones_u16mods.seanim";
const QString kSmall = BONESCOPE_SAMPLES "/seanim/synth_abs_lrs_loop_notes.seanim";

QString openCopy(Document& doc, const QString& sample, const QString& name)
{
    const QString path = guitest::tempDir() + "/" + name;
    QFile::copy(sample, path);
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    LoadResult r = loadAnimationFile(path);
    if (r.scene)
        doc.setScene(std::move(*r.scene), path, r.stamp);
    return path;
}

void writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

#ifdef Q_OS_UNIX
// While it lives, this process cannot make a file longer than `bytes`: write() fails (EFBIG) as
// it does on a full disk, inside Qt's own file code.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        std::signal(SIGXFSZ, SIG_IGN);
        getrlimit(RLIMIT_FSIZE, &old_);
        rlimit l = old_;
        l.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &l);
    }
    ~FileSizeLimit() { setrlimit(RLIMIT_FSIZE, &old_); }

private:
    rlimit old_{};
};
#endif

// An SEAnim of 4.8 MB, in the tests' folder.
QString writeBigSeanim(const QString& name)
{
    Scene s;
    s.animations.push_back(bench::makeAnimation(8, 20000));
    const std::vector<uint8_t> bytes = SeanimFormat().write(s);
    const QString path = guitest::tempDir() + "/" + name;
    writeBytes(path, QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size())));
    return path;
}

// Another program's version of `path`: the same animation with one more note, put in place by a
// rename as exporters do.
QByteArray rewriteByAnotherProgram(const QString& path, const QString& note)
{
    Document other;
    LoadResult r = loadAnimationFile(path);
    other.setScene(std::move(*r.scene), path, r.stamp);
    addNoteEdit(&other, 0.05, note);
    SaveController s(&other, nullptr, false);
    const QString temp = path + ".exporter-tmp";
    if (!s.saveAs(temp))
        return {};
    const QByteArray bytes = guitest::fileBytes(temp);
    std::filesystem::rename(temp.toStdString(), path.toStdString());
    return bytes;
}

} // namespace

class SaveSafetyTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

#ifdef Q_OS_UNIX
    // Qt 6.4's QSaveFile::commit() reports success when its buffered flush fails: Ctrl+S on a full
    // disk replaced the file with a truncated one and cleared the modified mark.
    void writeFailureInsideQtKeepsTheOriginal()
    {
        Document doc;
        const QString path = openCopy(doc, kBig, "full.seanim");
        setDurationEdit(&doc, 0.2);
        SaveController saves(&doc, nullptr, false);
        bool ok = true;
        {
            FileSizeLimit limit(4096);
            ok = saves.save();
        }
        QVERIFY(!ok);
        QCOMPARE(guitest::fileBytes(path), guitest::fileBytes(kBig));
        QVERIFY(doc.isModified());
        QVERIFY2(saves.lastError().contains(path) && saves.lastError().contains("File too large"), qPrintable(saves.lastError()));
        QCOMPARE(QDir(QFileInfo(path).path()).entryList({"full.seanim*"}, QDir::Files).size(), 1);
    }

    // A big document fails after a megabyte is on disk (the writer streams): the original stays,
    // the message names the file and how far it got, no temporary is left.
    void aBigSaveFailingMidwayKeepsTheOriginal()
    {
        const QString original = writeBigSeanim("big-original.seanim");
        Document doc;
        const QString path = openCopy(doc, original, "big-full.seanim");
        setDurationEdit(&doc, 600);
        SaveController saves(&doc, nullptr, false);
        bool ok = true;
        {
            FileSizeLimit limit(3 << 20);
            ok = saves.save();
        }
        QVERIFY(!ok);
        QCOMPARE(guitest::fileBytes(path), guitest::fileBytes(original));
        QVERIFY(doc.isModified());
        QVERIFY2(saves.lastError().contains(path) && saves.lastError().contains("failed after 3145728 bytes") &&
                     saves.lastError().contains("File too large"),
                 qPrintable(saves.lastError()));
        QCOMPARE(QDir(QFileInfo(path).path()).entryList({"big-full.seanim*"}, QDir::Files).size(), 1);
    }

    void autosaveWriteFailureKeepsThePreviousCopy()
    {
        const QString folder = guitest::tempDir() + "/autosave-full";
        Document doc;
        openCopy(doc, kBig, "auto-full.seanim");
        Autosave autosave(&doc, nullptr, folder);
        setDurationEdit(&doc, 0.2);
        QVERIFY(autosave.writeNow());
        const QList<Recovery> before = Autosave(&doc, nullptr, folder).pending();
        QCOMPARE(before.size(), 1);
        const QByteArray copy = guitest::fileBytes(before[0].autosavePath);
        QVERIFY(copy.size() > 4096);
        setDurationEdit(&doc, 0.3);
        QSignalSpy failed(&autosave, &Autosave::writeFailed);
        bool ok = true;
        {
            FileSizeLimit limit(4096);
            ok = autosave.writeNow();
        }
        QVERIFY(!ok);
        QCOMPARE(failed.size(), 1);
        QCOMPARE(guitest::fileBytes(before[0].autosavePath), copy);
    }

    void boneMapSaveFailureKeepsTheOriginal()
    {
        Skeleton s;
        for (int i = 0; i < 40; ++i)
            s.bones.push_back(Bone{.name = "a_rather_long_bone_name_" + std::to_string(i), .parent = i - 1});
        RetargetDialog d(s, s);
        const QString path = guitest::tempDir() + "/map.json";
        writeBytes(path, "{\"map\": {}}");
        QString why;
        {
            FileSizeLimit limit(256);
            why = d.saveMap(path);
        }
        QVERIFY2(why.contains("map.json"), qPrintable(why));
        QCOMPARE(guitest::fileBytes(path), QByteArray("{\"map\": {}}"));
        QVERIFY(d.saveMap(path).isEmpty());
        QVERIFY(guitest::fileBytes(path).contains("a_rather_long_bone_name_39"));
    }
#endif

    // The seam: a writer whose writes fail. The user sees a box naming the file and the reason;
    // the document stays modified.
    void failedWriteSaysWhichFileAndWhy()
    {
        Document doc;
        const QString path = openCopy(doc, kSmall, "seam.seanim");
        setDurationEdit(&doc, 0.2);
        SaveController saves(&doc, nullptr, true);
        saves.setWriter([](const QString& p, const SaveContent&) { return QString("writing %1 failed: No space left on device").arg(p); });
        guitest::BoxAnswerer answer(guitest::BoxAnswerer::standard(QMessageBox::Ok));
        QVERIFY(!saves.save());
        QCOMPARE(answer.seen.size(), 1);
        QVERIFY(answer.seen[0].contains(path));
        QVERIFY(answer.seen[0].contains("No space left on device"));
        QVERIFY(doc.isModified());
        QCOMPARE(guitest::fileBytes(path), guitest::fileBytes(kSmall));
    }

    // The writer is handed a big file a megabyte at a time as the format makes it, never whole.
    void aBigSaveGoesToTheWriterInPieces()
    {
        const QString original = writeBigSeanim("big-pieces-original.seanim");
        Document doc;
        const QString path = openCopy(doc, original, "big-pieces.seanim");
        SaveController saves(&doc, nullptr, false);
        std::vector<size_t> pieces;
        saves.setWriter([&](const QString& p, const SaveContent& content) {
            QFile f(p);
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
                return f.errorString();
            content([&](std::span<const uint8_t> piece) {
                pieces.push_back(piece.size());
                f.write(reinterpret_cast<const char*>(piece.data()), qint64(piece.size()));
            });
            return QString();
        });
        QVERIFY(saves.save());
        QCOMPARE(guitest::fileBytes(path), guitest::fileBytes(original));
        QVERIFY(pieces.size() >= 4);
        QVERIFY(*std::max_element(pieces.begin(), pieces.end()) <= size_t(1) << 20);
    }

    // A recovered document is modified; the next file opened is not.
    void freshlyLoadedFileIsNotModified()
    {
        Document doc;
        openCopy(doc, kSmall, "recovered.seanim");
        doc.undoStack()->resetClean();
        QVERIFY(doc.isModified());
        openCopy(doc, kBig, "fresh.seanim");
        QVERIFY(!doc.isModified());
    }

    void changedOnDiskAsksBeforeOverwriting()
    {
        Document doc;
        const QString path = openCopy(doc, kSmall, "changed.seanim");
        addNoteEdit(&doc, 0.1, "mine");
        const QByteArray theirs = rewriteByAnotherProgram(path, "theirs");
        QVERIFY(!theirs.isEmpty());

        SaveController saves(&doc, nullptr, false);
        QStringList asked;
        saves.setDiskChangedAnswer([&](const QString& p) {
            asked << p;
            return SaveController::DiskChanged::Cancel;
        });
        QVERIFY(!saves.save());
        QCOMPARE(asked, QStringList{path});
        QCOMPARE(guitest::fileBytes(path), theirs);
        QVERIFY(doc.isModified());

        QSignalSpy reload(&saves, &SaveController::reloadRequested);
        saves.setDiskChangedAnswer([](const QString&) { return SaveController::DiskChanged::Reload; });
        QVERIFY(!saves.save());
        QCOMPARE(reload.size(), 1);
        QCOMPARE(guitest::fileBytes(path), theirs);

        saves.setDiskChangedAnswer([](const QString&) { return SaveController::DiskChanged::Overwrite; });
        QVERIFY(saves.save());
        QVERIFY(guitest::fileBytes(path) != theirs);
        QVERIFY(!doc.isModified());
        // Saved: what is on disk is now the window's own, so the next save does not ask.
        asked.clear();
        saves.setDiskChangedAnswer([&](const QString& p) {
            asked << p;
            return SaveController::DiskChanged::Cancel;
        });
        addNoteEdit(&doc, 0.2, "again");
        QVERIFY(saves.save());
        QVERIFY(asked.isEmpty());
    }

    void touchedButUnchangedFileSavesWithoutAsking()
    {
        Document doc;
        const QString path = openCopy(doc, kSmall, "touched.seanim");
        addNoteEdit(&doc, 0.1, "mine");
        writeBytes(path, guitest::fileBytes(kSmall)); // same bytes, new time
        SaveController saves(&doc, nullptr, false);
        saves.setDiskChangedAnswer([](const QString&) { return SaveController::DiskChanged::Cancel; });
        QVERIFY2(saves.save(), qPrintable(saves.lastError()));
    }

    void exportOntoTheOpenDocumentSaysSoAndReopens()
    {
        // An SEAnim named .bvh (opened by its content): BVH exported under that name replaces it.
        Document doc;
        const QString path = openCopy(doc, kSmall, "x.bvh");
        SaveController saves(&doc, nullptr, false);
        // Not interactive and not confirmed: refused, nothing written.
        QVERIFY(!saves.exportTo(path, "bvh"));
        QVERIFY(saves.lastError().contains("open document"));
        QCOMPARE(guitest::fileBytes(path), guitest::fileBytes(kSmall));

        QStringList asked;
        saves.setExportOntoOpenAnswer([&](const QString& p) {
            asked << p;
            return true;
        });
        // BVH under another format's name is never written, asked or not.
        const QString seanimName = openCopy(doc, kSmall, "y.seanim");
        QVERIFY(!saves.exportTo(seanimName, "bvh"));
        QVERIFY2(saves.lastError().contains("y.seanim is a SEAnim v1 name"), qPrintable(saves.lastError()));
        QCOMPARE(guitest::fileBytes(seanimName), guitest::fileBytes(kSmall));
        QVERIFY(asked.isEmpty());
        QVERIFY(openCopy(doc, kSmall, "x.bvh") == path);

        QVERIFY2(saves.exportTo(path, "bvh"), qPrintable(saves.lastError()));
        QCOMPARE(asked, QStringList{path});
        QVERIFY(guitest::fileBytes(path).startsWith("HIERARCHY"));
        // The window now describes what is on disk.
        QCOMPARE(doc.scene().format, std::string("bvh"));
        QCOMPARE(doc.path(), path);
        QVERIFY(!doc.isModified());
        QVERIFY(!doc.diskStamp().differsFrom(FileStamp::of(path)));
    }

    void autosaveCopiesArePrivate()
    {
        const QString folder = guitest::tempDir() + "/autosave-private";
        Document doc;
        openCopy(doc, kSmall, "private.seanim");
        Autosave autosave(&doc, nullptr, folder);
        addNoteEdit(&doc, 0.1, "secret");
        QVERIFY(autosave.writeNow());
        const QStringList files = QDir(folder).entryList(QDir::Files);
        QCOMPARE(files.size(), 2);
        for (const QString& f : files) {
            const QFileDevice::Permissions p = QFileInfo(folder + "/" + f).permissions();
            QVERIFY2(!(p & (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup | QFileDevice::WriteOther)),
                     qPrintable(f));
        }
    }

    void recoveryListTrustsOnlyItsOwnFolder()
    {
        const QString folder = guitest::tempDir() + "/autosave-hostile";
        QDir().mkpath(folder);
        const QString victim = guitest::tempDir() + "/victim.seanim";
        QFile::copy(kSmall, victim);
        QDir().mkpath(folder + "/sub");
        QFile::copy(kSmall, folder + "/sub/inner.seanim");
        const QStringList copies = {victim, "../victim.seanim", "sub/inner.seanim", "0123456789abcdef.json"};
        for (int i = 0; i < copies.size(); ++i)
            writeBytes(QString("%1/%2.json").arg(folder).arg(i, 16, 10, QChar('0')),
                       QString("{\"original\": \"\", \"copy\": \"%1\", \"written\": \"2026-01-01T00:00:00Z\"}").arg(copies[i]).toUtf8());
        Document doc;
        Autosave autosave(&doc, nullptr, folder);
        const QList<Recovery> found = autosave.pending();
        QVERIFY2(found.isEmpty(), qPrintable(found.isEmpty() ? QString() : found[0].autosavePath));
        QVERIFY(QFileInfo::exists(victim));

        // Its own kind of entry still works.
        writeBytes(folder + "/00000000000000ff.seanim", guitest::fileBytes(kSmall));
        writeBytes(folder + "/00000000000000ff.json",
                   "{\"original\": \"\", \"copy\": \"00000000000000ff.seanim\", \"written\": \"2026-01-01T00:00:00Z\"}");
        QCOMPARE(autosave.pending().size(), 1);
    }
};

QTEST_MAIN(SaveSafetyTest)
#include "save_safety_test.moc"
