#include "app/gui/dialogs/clip_dialogs.h"

#include <functional>
#include <memory>
#include <optional>

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSpinBox>
#include <QStatusBar>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/dialogs/root_motion_menu.h"
#include "app/gui/document/document.h"
#include "core/editing/clip_editing.h"
#include "core/editing/loop_seam.h"
#include "app/gui/counted_words.h"

namespace bonescope::gui {

std::unique_ptr<QDialog> runForm(QWidget* parent, const QString& title, const std::function<void(QDialog*, QFormLayout*)>& fill)
{
    auto d = std::make_unique<QDialog>(parent);
    d->setWindowTitle(title);
    auto* form = new QFormLayout(d.get());
    fill(d.get(), form);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, d.get());
    QObject::connect(buttons, &QDialogButtonBox::accepted, d.get(), &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, d.get(), &QDialog::reject);
    form->addRow(buttons);
    if (d->exec() != QDialog::Accepted)
        return nullptr;
    return d;
}

namespace {

QDoubleSpinBox* fpsField(QWidget* parent, double value)
{
    auto* s = new QDoubleSpinBox(parent);
    s->setRange(0.01, 10000);
    s->setDecimals(3);
    s->setValue(value);
    return s;
}

// The axis and the user's own side markers for a mirror; none when cancelled or a marker pair is
// not LEFT:RIGHT (said in a message).
struct MirrorChoice {
    int axis = 0; // of the common frame
    std::vector<SidePair> pairs;
};

std::optional<MirrorChoice> askMirror(QWidget* parent, const QString& title)
{
    QComboBox* axis = nullptr;
    QLineEdit* pairs = nullptr;
    auto form = runForm(parent, title, [&](QDialog* d, QFormLayout* f) {
        axis = new QComboBox(d);
        axis->addItems({QMenu::tr("X (the character's left and right)"), QMenu::tr("Y (up and down)"),
                        QMenu::tr("Z (front and back)")});
        pairs = new QLineEdit(d);
        pairs->setPlaceholderText(QMenu::tr("Lft:Rgt"));
        pairs->setToolTip(QMenu::tr("Side markers of your own, LEFT:RIGHT, several separated by commas. Built in: "
                                    "Left/Right, _l/_r, .L/.R, _le/_ri, L_/R_, \" L \"/\" R \""));
        f->addRow(QMenu::tr("Across"), axis);
        f->addRow(QMenu::tr("Also pair"), pairs);
    });
    if (!form)
        return std::nullopt;
    MirrorChoice choice;
    choice.axis = axis->currentIndex();
    for (const QString& item : pairs->text().split(',', Qt::SkipEmptyParts)) {
        SidePair p;
        if (!parseSidePair(item.trimmed().toStdString(), p)) {
            QMessageBox::warning(parent, title, QMenu::tr("\"%1\" is not LEFT:RIGHT.").arg(item.trimmed()));
            return std::nullopt;
        }
        choice.pairs.push_back(p);
    }
    return choice;
}

QString noSidesMessage()
{
    return QMenu::tr("No joint has a left or right counterpart: every joint was reflected in place. Add your own "
                     "side markers under \"Also pair\" if the names use others.");
}

bool frameBased(const Document* doc) { return doc->scene().format == "seanim" || doc->scene().format == "bvh"; }

QLineEdit* patternField(QWidget* parent)
{
    auto* e = new QLineEdit(parent);
    e->setPlaceholderText(QMenu::tr("mHand*, *_l"));
    e->setToolTip(QMenu::tr("Bone names, * any characters, ? one; several separated by commas; case does not matter"));
    return e;
}

// Drop / freeze joints: a pattern, then one undo step, or a message when no joint matches.
void addPatternAction(QMenu* clip, Document* doc, QWidget* parent, const QString& text, const char* name,
                      const QString& title, size_t (*edit)(Document*, const QString&))
{
    QAction* action = clip->addAction(text, parent, [=] {
        QLineEdit* pattern = nullptr;
        auto form = runForm(parent, title, [&](QDialog* d, QFormLayout* f) {
                pattern = patternField(d);
                f->addRow(QMenu::tr("Joints"), pattern);
        });
        if (!form || pattern->text().trimmed().isEmpty())
            return;
        if (edit(doc, pattern->text()) == 0)
            QMessageBox::information(parent, title, QMenu::tr("No joint of this animation matches \"%1\".").arg(pattern->text()));
    });
    action->setObjectName(name);
}

void addBoneEditActions(QMenu* clip, Document* doc, QWidget* parent)
{
    clip->addSeparator();
    QAction* timeScale = clip->addAction(QMenu::tr("T&ime scale..."), parent, [doc, parent] {
        QDoubleSpinBox* factor = nullptr;
        if (auto form = runForm(parent, QMenu::tr("Time scale"), [&](QDialog* d, QFormLayout* f) {
                factor = new QDoubleSpinBox(d);
                factor->setRange(0.001, 1000);
                factor->setDecimals(3);
                factor->setValue(1);
                f->addRow(QMenu::tr("Multiply every time by (2: half as fast, twice as long)"), factor);
            }))
            timeScaleEdit(doc, factor->value());
    });
    timeScale->setObjectName("timeScale");
    QAction* mirror = clip->addAction(QMenu::tr("&Mirror left/right..."), parent, [doc, parent] {
        const QString title = QMenu::tr("Mirror left/right");
        const auto choice = askMirror(parent, title);
        if (!choice)
            return;
        QString error;
        const long moved = mirrorEdit(doc, choice->axis, choice->pairs, &error);
        if (moved < 0 && !error.isEmpty())
            QMessageBox::warning(parent, title, error);
        else if (moved == 0)
            QMessageBox::information(parent, title, noSidesMessage());
    });
    mirror->setObjectName("mirrorClip");
    QAction* mirrorPoseAction = clip->addAction(QMenu::tr("Mirror &pose at this frame..."), parent, [doc, parent] {
        const QString title = QMenu::tr("Mirror pose at this frame");
        const auto choice = askMirror(parent, title);
        if (choice && mirrorPoseEdit(doc, choice->axis, choice->pairs) == 0)
            QMessageBox::information(parent, title,
                                     QMenu::tr("No animated joint among the selected ones or their counterparts: "
                                               "nothing to mirror."));
    });
    mirrorPoseAction->setObjectName("mirrorPose");
    mirrorPoseAction->setToolTip(QMenu::tr("Keys, at the current frame, the selected joints and their other-side "
                                           "counterparts (every joint when none is selected) with the pose "
                                           "mirrored: the left side takes the right's pose and the right the left's"));
    addPatternAction(clip, doc, parent, QMenu::tr("Dro&p joints..."), "dropJoints", QMenu::tr("Drop joints"), dropJointsEdit);
    addPatternAction(clip, doc, parent, QMenu::tr("Free&ze joints..."), "freezeJoints",
                     QMenu::tr("Freeze joints (hold the first key)"), freezeJointsEdit);
    QAction* offset = clip->addAction(QMenu::tr("&Offset root..."), parent, [doc, parent] {
        QDoubleSpinBox* xyz[3] = {};
        auto form = runForm(parent, QMenu::tr("Offset root"), [&](QDialog* d, QFormLayout* f) {
                const char* names[] = {"X", "Y", "Z"};
                for (int i = 0; i < 3; ++i) {
                    xyz[i] = new QDoubleSpinBox(d);
                    xyz[i]->setRange(-1e6, 1e6);
                    xyz[i]->setDecimals(4);
                    f->addRow(QMenu::tr("%1 (the file's own axes and units)").arg(names[i]), xyz[i]);
                }
            });
        if (!form)
            return;
        if (!offsetRootEdit(doc, {xyz[0]->value(), xyz[1]->value(), xyz[2]->value()}))
            QMessageBox::information(parent, QMenu::tr("Offset root"), QMenu::tr("This animation has no joint to move."));
    });
    offset->setObjectName("offsetRoot");
}

// Clip > Close loop: the seam now, the frames to blend (from the seam by default), one undo step,
// and the seam after in the status bar.
void closeLoopAction(Document* doc, QWidget* parent)
{
    const Animation& a = doc->animation();
    const LoopSeam seam = measureSeam(a, doc->skeleton());
    QSpinBox* frames = nullptr;
    auto form = runForm(parent, QMenu::tr("Close loop"), [&](QDialog* d, QFormLayout* f) {
        auto* now = new QLabel(QString::fromStdString(describeSeam(seam)), d);
        now->setObjectName("seamBefore");
        now->setWordWrap(true);
        f->addRow(QMenu::tr("Seam now"), now);
        frames = new QSpinBox(d);
        frames->setObjectName("blendFrames");
        frames->setRange(1, maxCloseFrames(a));
        frames->setValue(defaultCloseFrames(seam, a));
        frames->setToolTip(QMenu::tr("The last frames before the loop's end are bent towards the first pose and its "
                                     "speed; the hips' travel over the ground stays"));
        f->addRow(QMenu::tr("Blend over the last frames"), frames);
    });
    if (!form)
        return;
    const int n = frames->value();
    const bool changed = editAnimation(doc, QMenu::tr("Close loop"), [&](Animation& an) { return closeLoop(an, doc->skeleton(), n) > 0; });
    const QString message = changed ? QMenu::tr("Loop closed over %1; seam now: %2")
                                          .arg(countedWords(n, "frame"))
                                          .arg(QString::fromStdString(describeSeam(measureSeam(doc->animation(), doc->skeleton()))))
                                    : QMenu::tr("The loop is closed already: nothing to blend.");
    if (auto* window = qobject_cast<QMainWindow*>(parent))
        window->statusBar()->showMessage(message, 20000);
    else
        QMessageBox::information(parent, QMenu::tr("Close loop"), message);
}

// The notes a trim to [start, end] seconds removes, by name.
QStringList notesOutside(const Document* doc, double start, double end)
{
    QStringList out;
    for (const Note& n : doc->animation().notes)
        if (!keptByTrim(n.time, start, end))
            out << QString::fromStdString(n.name);
    return out;
}

QString trimmedNotesWords(const QStringList& notes)
{
    return QMenu::tr("%1 outside the kept frames %2 removed: %3")
        .arg(countedWords(notes.size(), "note"), notes.size() == 1 ? QMenu::tr("is") : QMenu::tr("are"), notes.join(", "));
}

} // namespace

QMenu* addClipMenu(QMenu* edit, Document* doc, QWidget* parent)
{
    QMenu* clip = edit->addMenu(QMenu::tr("&Clip"));
    clip->addAction(QMenu::tr("Frame &rate..."), parent, [doc, parent] {
        QDoubleSpinBox* fps = nullptr;
        QCheckBox* rescale = nullptr;
        if (auto form = runForm(parent, QMenu::tr("Frame rate"), [&](QDialog* d, QFormLayout* f) {
                fps = fpsField(d, doc->fps());
                rescale = new QCheckBox(QMenu::tr("Keep frame numbers (the clip plays faster or slower)"), d);
                f->addRow(QMenu::tr("Frames per second"), fps);
                f->addRow(rescale);
            }))
            setFrameRateEdit(doc, fps->value(), rescale->isChecked());
    });
    clip->addAction(QMenu::tr("&Trim..."), parent, [doc, parent] {
        QSpinBox *from = nullptr, *to = nullptr;
        if (auto form = runForm(parent, QMenu::tr("Trim to frames"), [&](QDialog* d, QFormLayout* f) {
                from = new QSpinBox(d);
                to = new QSpinBox(d);
                from->setObjectName("trimFirst");
                to->setObjectName("trimLast");
                for (QSpinBox* s : {from, to})
                    s->setRange(0, int(std::min<long long>(doc->lastFrame(), 1 << 30)));
                to->setValue(int(doc->lastFrame()));
                f->addRow(QMenu::tr("First frame kept"), from);
                f->addRow(QMenu::tr("Last frame kept"), to);
                // Notes outside the kept frames go with them: said before, not found missing after.
                auto* lost = new QLabel(d);
                lost->setObjectName("trimLostNotes");
                lost->setWordWrap(true);
                f->addRow(lost);
                auto update = [doc, from, to, lost] {
                    const QStringList notes = notesOutside(doc, doc->timeOfFrame(from->value()), doc->timeOfFrame(to->value()));
                    lost->setText(notes.isEmpty() ? QString() : trimmedNotesWords(notes));
                    lost->setVisible(!notes.isEmpty());
                };
                QObject::connect(from, &QSpinBox::valueChanged, lost, update);
                QObject::connect(to, &QSpinBox::valueChanged, lost, update);
                update();
            }); form && to->value() > from->value()) {
            const double start = doc->timeOfFrame(from->value()), end = doc->timeOfFrame(to->value());
            const QStringList notes = notesOutside(doc, start, end);
            trimEdit(doc, start, end);
            if (auto* window = qobject_cast<QMainWindow*>(parent); window && !notes.isEmpty())
                window->statusBar()->showMessage(QMenu::tr("Trimmed: %1").arg(trimmedNotesWords(notes)), 15000);
        }
    });
    clip->addAction(QMenu::tr("Set &duration..."), parent, [doc, parent] {
        QDoubleSpinBox* seconds = nullptr;
        if (auto form = runForm(parent, QMenu::tr("Duration"), [&](QDialog* d, QFormLayout* f) {
                seconds = new QDoubleSpinBox(d);
                seconds->setRange(0, 1e6);
                seconds->setDecimals(4);
                seconds->setSuffix(" s");
                seconds->setValue(doc->duration());
                f->addRow(QMenu::tr("Duration (keys and notes past it are removed)"), seconds);
            }))
            setDurationEdit(doc, seconds->value());
    });
    clip->addAction(QMenu::tr("Re&verse"), parent, [doc] { reverseEdit(doc); });
    QAction* resample = clip->addAction(QMenu::tr("Re&sample..."), parent, [doc, parent] {
        QDoubleSpinBox* fps = nullptr;
        if (auto form = runForm(parent, QMenu::tr("Resample"), [&](QDialog* d, QFormLayout* f) {
                fps = fpsField(d, doc->fps());
                f->addRow(QMenu::tr("A key on every frame at"), fps);
            }))
            resampleEdit(doc, fps->value());
    });
    clip->addAction(QMenu::tr("Close &loop..."), parent, [doc, parent] { closeLoopAction(doc, parent); })->setObjectName("closeLoop");
    addBoneEditActions(clip, doc, parent);
    addRootMotionMenu(clip, doc, parent);
    QObject::connect(clip, &QMenu::aboutToShow, clip, [clip, doc, resample] {
        for (QAction* a : clip->actions())
            a->setEnabled(doc->scene().currentAnimation());
        resample->setEnabled(doc->scene().currentAnimation() && frameBased(doc));
    });
    return clip;
}

} // namespace bonescope::gui
