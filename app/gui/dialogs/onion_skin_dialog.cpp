#include "app/gui/dialogs/onion_skin_dialog.h"

#include <QColorDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QPushButton>
#include <QSpinBox>

namespace bonescope::gui {

namespace {

void paintSwatch(QPushButton* b, const QColor& c)
{
    QPixmap swatch(32, 16);
    swatch.fill(c);
    b->setIcon(QIcon(swatch));
    b->setText(c.name());
}

} // namespace

OnionSkinDialog::OnionSkinDialog(const OnionSkin& s, QWidget* parent)
    : QDialog(parent), count_(new QSpinBox(this)), step_(new QSpinBox(this)), before_(s.before), after_(s.after)
{
    setWindowTitle(tr("Onion skin"));
    count_->setObjectName("onionCount");
    count_->setRange(1, OnionSkin::kMaxCount);
    count_->setValue(s.count);
    count_->setSuffix(tr(" on each side"));
    step_->setObjectName("onionStep");
    step_->setRange(1, OnionSkin::kMaxStep);
    step_->setValue(s.step);
    step_->setSuffix(tr(" frames apart"));
    auto* form = new QFormLayout(this);
    form->addRow(tr("&Ghosts:"), count_);
    form->addRow(tr("&Step:"), step_);
    form->addRow(tr("&Before:"), colorButton(&before_));
    form->addRow(tr("&After:"), colorButton(&after_));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

QPushButton* OnionSkinDialog::colorButton(QColor* color)
{
    auto* b = new QPushButton(this);
    b->setObjectName(color == &before_ ? "onionBefore" : "onionAfter");
    paintSwatch(b, *color);
    connect(b, &QPushButton::clicked, this, [this, b, color] {
        const QColor picked = QColorDialog::getColor(*color, this, tr("Ghost colour"));
        if (picked.isValid()) {
            *color = picked;
            paintSwatch(b, picked);
        }
    });
    return b;
}

OnionSkin OnionSkinDialog::settings() const
{
    OnionSkin s;
    s.count = count_->value();
    s.step = step_->value();
    s.before = before_;
    s.after = after_;
    return s;
}

} // namespace bonescope::gui
