#include "app/gui/dialogs/clip_dialogs.h"

#include <functional>

#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QMenu>
#include <QSpinBox>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/document/document.h"

namespace bonescope::gui {

namespace {

// A form dialog; `fill` adds the rows. True when accepted.
bool runForm(QWidget* parent, const QString& title, const std::function<void(QDialog*, QFormLayout*)>& fill)
{
    QDialog d(parent);
    d.setWindowTitle(title);
    auto* form = new QFormLayout(&d);
    fill(&d, form);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &d);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &d, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &d, &QDialog::reject);
    form->addRow(buttons);
    return d.exec() == QDialog::Accepted;
}

QDoubleSpinBox* fpsField(QWidget* parent, double value)
{
    auto* s = new QDoubleSpinBox(parent);
    s->setRange(0.01, 10000);
    s->setDecimals(3);
    s->setValue(value);
    return s;
}

bool frameBased(const Document* doc) { return doc->scene().format == "seanim" || doc->scene().format == "bvh"; }

} // namespace

QMenu* addClipMenu(QMenu* edit, Document* doc, QWidget* parent)
{
    QMenu* clip = edit->addMenu(QMenu::tr("&Clip"));
    clip->addAction(QMenu::tr("Frame &rate..."), parent, [doc, parent] {
        QDoubleSpinBox* fps = nullptr;
        QCheckBox* rescale = nullptr;
        if (runForm(parent, QMenu::tr("Frame rate"), [&](QDialog* d, QFormLayout* f) {
                fps = fpsField(d, doc->fps());
                rescale = new QCheckBox(QMenu::tr("Keep frame numbers (the clip plays faster or slower)"), d);
                f->addRow(QMenu::tr("Frames per second"), fps);
                f->addRow(rescale);
            }))
            setFrameRateEdit(doc, fps->value(), rescale->isChecked());
    });
    clip->addAction(QMenu::tr("&Trim..."), parent, [doc, parent] {
        QSpinBox *from = nullptr, *to = nullptr;
        if (runForm(parent, QMenu::tr("Trim to frames"), [&](QDialog* d, QFormLayout* f) {
                from = new QSpinBox(d);
                to = new QSpinBox(d);
                for (QSpinBox* s : {from, to})
                    s->setRange(0, int(std::min<long long>(doc->lastFrame(), 1 << 30)));
                to->setValue(int(doc->lastFrame()));
                f->addRow(QMenu::tr("First frame kept"), from);
                f->addRow(QMenu::tr("Last frame kept"), to);
            }) && to->value() > from->value())
            trimEdit(doc, doc->timeOfFrame(from->value()), doc->timeOfFrame(to->value()));
    });
    clip->addAction(QMenu::tr("Set &duration..."), parent, [doc, parent] {
        QDoubleSpinBox* seconds = nullptr;
        if (runForm(parent, QMenu::tr("Duration"), [&](QDialog* d, QFormLayout* f) {
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
        if (runForm(parent, QMenu::tr("Resample"), [&](QDialog* d, QFormLayout* f) {
                fps = fpsField(d, doc->fps());
                f->addRow(QMenu::tr("A key on every frame at"), fps);
            }))
            resampleEdit(doc, fps->value());
    });
    QObject::connect(clip, &QMenu::aboutToShow, clip, [clip, doc, resample] {
        for (QAction* a : clip->actions())
            a->setEnabled(doc->scene().currentAnimation());
        resample->setEnabled(doc->scene().currentAnimation() && frameBased(doc));
    });
    return clip;
}

} // namespace bonescope::gui
