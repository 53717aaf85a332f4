// Opening a file in the window records its content hash (FileStamp, how a later save tells that
// another program rewrote the file): of the very bytes read, made on another thread while they are
// read (BackgroundHash), without holding a file that is read in pieces.
#include <random>

#include <QCryptographicHash>
#include <QFile>
#include <QtTest>

#include "app/gui/document/background_hash.h"
#include "app/gui/document/file_stamp.h"
#include "app/gui/document/scene_loading.h"
#include "formats/seanim/seanim_format.h"
#include "gui_test_support.h"
#include "tests/bench/synthetic.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

QByteArray randomBytes(qsizetype n)
{
    std::mt19937 r(7);
    QByteArray b(n, Qt::Uninitialized);
    for (char& c : b)
        c = char(r());
    return b;
}

std::span<const uint8_t> span(const QByteArray& b, qsizetype from, qsizetype n)
{
    return {reinterpret_cast<const uint8_t*>(b.constData()) + from, size_t(n)};
}

QByteArray fileHash(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// An SEAnim of several of the reader's pieces.
QString writeBigSeanim()
{
    Scene s;
    s.animations.push_back(bench::makeAnimation(3, 20000));
    const std::vector<uint8_t> bytes = SeanimFormat().write(s);
    const QString path = guitest::tempDir() + "/big_loaded.seanim";
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    f.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size()));
    return path;
}

} // namespace

class DocumentLoadingTest : public QObject {
    Q_OBJECT
private slots:
    // Pieces of every size, from one byte to more than the queue holds, hash as the whole does.
    void backgroundHashEqualsTheWholeHash()
    {
        const QByteArray data = randomBytes(qsizetype(BackgroundHash::kMaxQueued) * 2 + 12345);
        std::mt19937 r(3);
        BackgroundHash hash;
        qsizetype at = 0;
        while (at < data.size()) {
            const qsizetype n = std::min(data.size() - at, qsizetype(r() % 3 == 0 ? r() % 16 : r() % (3 << 20)));
            hash.add(span(data, at, n));
            at += n;
        }
        QCOMPARE(hash.result(), QCryptographicHash::hash(data, QCryptographicHash::Sha256));
    }

    // A read that fails drops its hash: the queue is let go of, not hashed to the end.
    void aDroppedHashEnds()
    {
        const QByteArray data = randomBytes(qsizetype(BackgroundHash::kMaxQueued) * 3);
        BackgroundHash hash;
        hash.add(span(data, 0, data.size()));
    }

    // The stamp of an opened file is its content hash, whether its format reads in pieces (SEAnim,
    // here one of several pieces) or whole (Second Life, LEGO).
    void theStampIsTheFilesHash()
    {
        const QString big = writeBigSeanim();
        QVERIFY(!big.isEmpty());
        for (const QString& path : {big, QString(BONESCOPE_SAMPLES "/seanim/synth_greyhound_seblend_trailer.seanim"),
                                    QString(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim"),
                                    QString(BONESCOPE_SAMPLES "/lego/pns065rd.ani")}) {
            const LoadResult loaded = loadAnimationFile(path);
            QVERIFY2(loaded.scene, qPrintable(path + ": " + loaded.error));
            QCOMPARE(loaded.stamp.sha256, fileHash(path));
            QVERIFY(!loaded.stamp.differsFrom(FileStamp::of(path)));
        }
    }
};

QTEST_GUILESS_MAIN(DocumentLoadingTest)
#include "document_loading_test.moc"
