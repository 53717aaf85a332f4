// bonescope --render-frames and --video, run as a user runs them: a PNG per frame at the size asked
// for, frames that follow the motion, files never replaced without --overwrite, videos through ffmpeg
// (when installed) and the message when it is not.
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

#include "gui_test_support.h"

using namespace bonescope;

namespace {

const QString kWalk = QStringLiteral(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim");

struct Run {
    int status = -1;
    QString out, err;
};

Run runViewer(const QStringList& arguments, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(BONESCOPE_GUI, arguments);
    Run r;
    if (!p.waitForFinished(120000))
        return r;
    r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    return r;
}

QStringList filesIn(const QString& dir) { return QDir(dir).entryList(QDir::Files | QDir::Hidden, QDir::Name); }

// The number of frames ffprobe decodes, or -1 without ffprobe.
int probedFrames(const QString& path)
{
    const QString ffprobe = QStandardPaths::findExecutable("ffprobe");
    if (ffprobe.isEmpty())
        return -1;
    QProcess p;
    p.start(ffprobe, {"-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                      "-of", "csv=p=0", path});
    p.waitForFinished(60000);
    return QString::fromLatin1(p.readAllStandardOutput()).trimmed().toInt();
}

} // namespace

class RenderOutTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void framesHaveTheSizeAndFollowTheMotion()
    {
        const QString dir = guitest::tempDir() + "/walk frames"; // created by the run, a space in its name
        const Run r = runViewer({"--render-frames", dir, "--from", "0", "--to", "5", "--size", "320x200", kWalk});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("6 frames (0 to 5), 320x200"), qPrintable(r.out));
        const QStringList expected{"frame_00000.png", "frame_00001.png", "frame_00002.png",
                                   "frame_00003.png", "frame_00004.png", "frame_00005.png"};
        QCOMPARE(filesIn(dir), expected);
        std::vector<QImage> images;
        for (const QString& name : expected) {
            images.push_back(QImage(dir + "/" + name).convertToFormat(QImage::Format_RGB32));
            QCOMPARE(images.back().size(), QSize(320, 200));
            // The viewport alone: its dark background, no menu bar or docks.
            QVERIFY(qGray(images.back().pixel(5, 5)) < 80);
        }
        // The walk's first keys are at frame 1 (1/15 s): frame 0 holds them. From there every frame moves.
        QCOMPARE(guitest::differingPixels(images[0], images[1]), 0);
        for (size_t i = 2; i < images.size(); ++i)
            QVERIFY2(guitest::differingPixels(images[i - 1], images[i]) > 50,
                     qPrintable(expected[int(i)] + " is the same picture as the frame before"));

        // A second run without --overwrite refuses and leaves every frame as it was.
        QMap<QString, QByteArray> before;
        for (const QString& name : expected)
            before[name] = guitest::fileBytes(dir + "/" + name);
        const Run again = runViewer({"--render-frames", dir, "--from", "0", "--to", "5", "--size", "400x300", kWalk});
        QCOMPARE(again.status, 1);
        QVERIFY2(again.err.contains("frame_00000.png already exists: nothing written"), qPrintable(again.err));
        QCOMPARE(filesIn(dir), expected);
        for (const QString& name : expected)
            QCOMPARE(guitest::fileBytes(dir + "/" + name), before[name]);

        // With --overwrite the frames are replaced (here at another size), and nothing else appears.
        const Run replaced = runViewer({"--render-frames", dir, "--from", "0", "--to", "5", "--size", "400x300", "--overwrite", kWalk});
        QVERIFY2(replaced.status == 0, qPrintable(replaced.err));
        QCOMPARE(filesIn(dir), expected);
        QCOMPARE(QImage(dir + "/frame_00005.png").size(), QSize(400, 300));
    }

    void wholeClipAndRangeErrors()
    {
        const QString dir = guitest::tempDir() + "/whole";
        const Run r = runViewer({"--render-frames", dir, "--size", "160x120", kWalk});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QCOMPARE(filesIn(dir).size(), 15); // linden_walk.anim: 0.933 s at 15 fps, frames 0 to 14
        QCOMPARE(filesIn(dir).last(), QString("frame_00014.png"));

        const Run past = runViewer({"--render-frames", guitest::tempDir() + "/past", "--to", "15", kWalk});
        QCOMPARE(past.status, 1);
        QVERIFY2(past.err.contains("frame 15 is past the last frame (14)"), qPrintable(past.err));
        QVERIFY(!QFileInfo::exists(guitest::tempDir() + "/past/frame_00015.png"));
        QCOMPARE(runViewer({"--render-frames", dir, "--from", "4", "--to", "2", kWalk}).status, 2);
        QCOMPARE(runViewer({"--video", guitest::tempDir() + "/x.avi", kWalk}).status, 2);
        QCOMPARE(runViewer({"--from", "2", kWalk, "--screenshot", guitest::tempDir() + "/x.png"}).status, 2);
    }

    void missingFfmpegIsSaidAndNothingIsWritten()
    {
        const QString dir = guitest::tempDir() + "/no-ffmpeg";
        QDir().mkpath(dir);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("BONESCOPE_FFMPEG", dir + "/not-here/ffmpeg");
        const Run r = runViewer({"--video", dir + "/walk.mp4", kWalk}, env);
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("ffmpeg not found: install it (e.g. apt install ffmpeg) or use --render-frames"), qPrintable(r.err));
        QVERIFY(filesIn(dir).isEmpty());
    }

    void videosThroughFfmpeg_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("magic");
        QTest::addColumn<int>("magicAt");
        QTest::newRow("gif") << "walk.gif" << QByteArray("GIF89a") << 0;
        QTest::newRow("mp4") << "walk.mp4" << QByteArray("ftyp") << 4;
        QTest::newRow("webp") << "walk.webp" << QByteArray("WEBP") << 8;
    }

    void videosThroughFfmpeg()
    {
        if (QStandardPaths::findExecutable("ffmpeg").isEmpty())
            QSKIP("ffmpeg is not installed: the encoding is not tried (the missing-ffmpeg message is tested)");
        QFETCH(QString, name);
        QFETCH(QByteArray, magic);
        QFETCH(int, magicAt);
        const QString dir = guitest::tempDir() + "/video-" + name;
        QDir().mkpath(dir);
        const QString path = dir + "/" + name;
        // An odd size: MP4 needs even dimensions and gets them.
        const Run r = runViewer({"--video", path, "--from", "0", "--to", "5", "--size", "241x181", kWalk});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QCOMPARE(filesIn(dir), QStringList{name}); // the temporary file took the name: nothing else left
        const QByteArray bytes = guitest::fileBytes(path);
        QCOMPARE(bytes.mid(magicAt, magic.size()), magic);
        if (name.endsWith(".webp"))
            QCOMPARE(bytes.count("ANMF"), 6); // ffmpeg does not decode animated WebP: its frame chunks
        else if (const int frames = probedFrames(path); frames >= 0)
            QCOMPARE(frames, 6);
        QVERIFY(QFileInfo(path).permissions() & QFile::ReadOther);

        // Never over an existing file without --overwrite.
        const Run again = runViewer({"--video", path, "--from", "0", "--to", "2", "--size", "241x181", kWalk});
        QCOMPARE(again.status, 1);
        QVERIFY2(again.err.contains("already exists: nothing written"), qPrintable(again.err));
        QCOMPARE(guitest::fileBytes(path), bytes);
        QCOMPARE(filesIn(dir), QStringList{name});
        const Run replaced = runViewer({"--video", path, "--from", "0", "--to", "2", "--size", "241x181", "--overwrite", kWalk});
        QVERIFY2(replaced.status == 0, qPrintable(replaced.err));
        QVERIFY(guitest::fileBytes(path) != bytes);
        QCOMPARE(filesIn(dir), QStringList{name});
    }
};

QTEST_MAIN(RenderOutTest)
#include "viewer_render_out_test.moc"
