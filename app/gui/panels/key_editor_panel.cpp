#include "app/gui/panels/key_editor_panel.h"

#include <cmath>

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <glm/gtc/quaternion.hpp>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/document/document.h"
#include "app/gui/timeline/dope_sheet_widget.h"
#include "core/math/euler_angles.h"

namespace bonescope::gui {

namespace {

// A number field takes the width the dock gives it: its own width (from a range of 1e9 at 6 decimals)
// would widen the dock, and so shrink the viewport, the first time a key is selected.
void narrow(QAbstractSpinBox* s)
{
    s->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    s->setMinimumWidth(48);
}

QDoubleSpinBox* field(QWidget* parent, double range, int decimals)
{
    auto* s = new QDoubleSpinBox(parent);
    s->setRange(-range, range);
    s->setDecimals(decimals);
    s->setKeyboardTracking(false); // typing commits on Enter or leaving the field, not per keystroke
    narrow(s);
    return s;
}

QHBoxLayout* rowOf(std::initializer_list<QWidget*> ws)
{
    auto* l = new QHBoxLayout;
    for (QWidget* w : ws)
        l->addWidget(w);
    return l;
}

// Formats that store times in their own units (Second Life: 1/65535 of the duration) put a key a hair
// off its frame: "frame 3", not "frame 2.99997".
QString frameText(double frame)
{
    const bool onFrame = std::abs(frame - std::round(frame)) < 0.01;
    return KeyEditorPanel::tr("frame %1").arg(onFrame ? QString::number(std::llround(frame)) : QString::number(frame, 'g', 6));
}

} // namespace

KeyEditorPanel::KeyEditorPanel(Document* doc, DopeSheet* sheet, QWidget* parent)
    : QWidget(parent), doc_(doc), sheet_(sheet), title_(new QLabel(this)), time_(new QDoubleSpinBox(this)), frame_(new QLabel(this)), vecBox_(new QGroupBox(tr("Value"), this)),
      rotBox_(new QGroupBox(tr("Rotation"), this)), flagsBox_(new QGroupBox(tr("Key flags"), this))
{
    for (auto*& s : vec_)
        s = field(vecBox_, 1e9, 6);
    for (auto*& s : euler_)
        s = field(rotBox_, 360, 4);
    for (auto*& s : quat_)
        s = field(rotBox_, 1, 6);
    auto* vl = new QHBoxLayout(vecBox_);
    for (auto* s : vec_)
        vl->addWidget(s);
    auto* rl = new QFormLayout(rotBox_);
    // Labels above their fields: shown, the box is no wider than the dock already is, so selecting a
    // key does not widen the dock (and shrink the viewport).
    rl->setRowWrapPolicy(QFormLayout::WrapAllRows);
    rl->addRow(tr("Euler XYZ (°)"), rowOf({euler_[0], euler_[1], euler_[2]}));
    // Two to a row (x y, then z w): four six-decimal fields in one row of the dock's width cut
    // "-0.241933" to "-0.24193".
    auto* quatGrid = new QGridLayout;
    for (int i = 0; i < 4; ++i)
        quatGrid->addWidget(quat_[size_t(i)], i / 2, i % 2);
    rl->addRow(tr("Quaternion x y z w"), quatGrid);

    const char* bitNames[] = {"0x01 active", "0x02 negate", "0x04 hold"};
    // Two to a row: in one row the flags were wider than the dock, which then scrolled sideways and
    // hid the value fields' right-hand side too.
    auto* fl = new QGridLayout(flagsBox_);
    for (int i = 0; i < 3; ++i) {
        flagBits_[i] = new QCheckBox(tr(bitNames[i]), flagsBox_);
        fl->addWidget(flagBits_[i], i / 2, i % 2);
        connect(flagBits_[i], &QCheckBox::toggled, this, [this, i](bool on) {
            const uint32_t raw = uint32_t(flagsRaw_->value());
            commitFlags(on ? raw | (1u << i) : raw & ~(1u << i));
        });
    }
    flagsRaw_ = new QSpinBox(flagsBox_);
    flagsRaw_->setRange(0, 255);
    flagsRaw_->setDisplayIntegerBase(16);
    flagsRaw_->setPrefix("0x");
    flagsRaw_->setKeyboardTracking(false);
    narrow(flagsRaw_);
    auto* raw = new QHBoxLayout;
    raw->addWidget(new QLabel(tr("raw"), flagsBox_));
    raw->addWidget(flagsRaw_);
    raw->addStretch();
    fl->addLayout(raw, 1, 1);
    connect(flagsRaw_, &QSpinBox::valueChanged, this, [this](int v) { commitFlags(uint32_t(v)); });

    narrow(time_);
    time_->setRange(0, 1e7);
    time_->setDecimals(4);
    time_->setSuffix(" s");
    time_->setKeyboardTracking(false);
    time_->setToolTip(tr("The key's time: typing a time moves the key there"));
    connect(time_, &QDoubleSpinBox::valueChanged, this, &KeyEditorPanel::commitTime);

    for (auto* s : vec_)
        connect(s, &QDoubleSpinBox::valueChanged, this, [this, s] { commitVector(s); });
    for (auto* s : euler_)
        connect(s, &QDoubleSpinBox::valueChanged, this, [this, s] { commitEuler(s); });
    for (auto* s : quat_)
        connect(s, &QDoubleSpinBox::valueChanged, this, [this, s] { commitQuaternion(s); });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    title_->setWordWrap(true);
    layout->addWidget(title_);
    auto* timeRow = new QFormLayout;
    auto* timeAndFrame = new QHBoxLayout;
    timeAndFrame->addWidget(time_, 1);
    timeAndFrame->addWidget(frame_);
    timeRow->addRow(tr("Time"), timeAndFrame);
    layout->addLayout(timeRow);
    layout->addWidget(vecBox_);
    layout->addWidget(rotBox_);
    layout->addWidget(flagsBox_);
    layout->addStretch();
    connect(sheet_, &DopeSheet::keySelectionChanged, this, &KeyEditorPanel::refresh);
    connect(doc_, &Document::sceneChanged, this, &KeyEditorPanel::refresh);
    refresh();
}

void KeyEditorPanel::refresh()
{
    const auto& sel = sheet_->selectedKeys();
    key_.reset();
    std::optional<AnyKeyValue> k;
    if (!sel.empty() && (k = readKey(doc_->animation(), *sel.begin())))
        key_ = *sel.begin();
    vecBox_->setVisible(key_ && key_->channel != ChannelKind::Rotation);
    rotBox_->setVisible(key_ && key_->channel == ChannelKind::Rotation);
    // The flag bits are LEGO Island's: shown for its files, whether or not a key is selected.
    flagsBox_->setVisible(doc_->scene().format == "lego");
    flagsBox_->setEnabled(bool(key_));
    time_->setEnabled(bool(key_));
    if (!key_) {
        title_->setText(tr("Select a key in the dope sheet or the graph editor to type its values."));
        frame_->clear();
        const QSignalBlocker block(time_);
        time_->setValue(0); // not the time of a key that is gone
        return;
    }
    const char* channel[] = {"translation", "rotation", "scale", "visibility"};
    // The time is said once, by the Time field, with its frame beside it (a heading that said
    // "1.04165 s" over a field showing "1.0416 s" left a person asking which one was true).
    title_->setText(tr("%1 %2 key%3")
                        .arg(QString::fromStdString(doc_->animation().tracks[key_->track].name), tr(channel[int(key_->channel)]))
                        .arg(sel.size() > 1 ? tr(" — first of %1 selected").arg(sel.size()) : QString()));
    frame_->setText(frameText(k->time * doc_->fps()));
    const QSignalBlocker b0(vec_[0]), b1(vec_[1]), b2(vec_[2]), e0(euler_[0]), e1(euler_[1]), e2(euler_[2]), q0(quat_[0]),
        q1(quat_[1]), q2(quat_[2]), q3(quat_[3]), f0(flagBits_[0]), f1(flagBits_[1]), f2(flagBits_[2]), fr(flagsRaw_),
        t(time_);
    time_->setValue(k->time);
    const bool scalar = key_->channel == ChannelKind::Visibility;
    for (int i = 0; i < 3; ++i) {
        vec_[i]->setValue(k->value[i]);
        vec_[i]->setVisible(!scalar || i == 0);
    }
    const glm::dquat q(k->value.w, k->value.x, k->value.y, k->value.z);
    const glm::dvec3 e = eulerXYZDegrees(q);
    for (int i = 0; i < 3; ++i)
        euler_[i]->setValue(e[i]);
    for (int i = 0; i < 4; ++i)
        quat_[i]->setValue(k->value[i]);
    for (int i = 0; i < 3; ++i)
        flagBits_[i]->setChecked(k->flags & (1u << i));
    flagsRaw_->setValue(int(k->flags & 0xFF));
}

// A value typed for a key at frame 25 changed nothing a person could see while the viewport stayed at
// frame 0: the time moves to the edited key, so the pose shows the new value.
void KeyEditorPanel::showEditedKey()
{
    if (!key_)
        return;
    if (const auto k = readKey(doc_->animation(), *key_); k && doc_->time() != k->time)
        doc_->setTime(k->time);
}

void KeyEditorPanel::commitVector(QDoubleSpinBox* source)
{
    if (!key_)
        return;
    glm::dvec4 v = readKey(doc_->animation(), *key_)->value;
    for (int i = 0; i < 3; ++i)
        v[i] = vec_[i]->value();
    setKeyValueEdit(doc_, *key_, v, mergeKeyFor(source));
    showEditedKey();
}

void KeyEditorPanel::commitEuler(QDoubleSpinBox* source)
{
    if (!key_)
        return;
    const glm::dquat q = quatFromEulerXYZDegrees({euler_[0]->value(), euler_[1]->value(), euler_[2]->value()});
    setKeyValueEdit(doc_, *key_, {q.x, q.y, q.z, q.w}, mergeKeyFor(source));
    showEditedKey();
}

void KeyEditorPanel::commitQuaternion(QDoubleSpinBox* source)
{
    if (!key_)
        return;
    glm::dquat q(quat_[3]->value(), quat_[0]->value(), quat_[1]->value(), quat_[2]->value());
    if (glm::length(q) < 1e-12)
        return;
    q = glm::normalize(q);
    setKeyValueEdit(doc_, *key_, {q.x, q.y, q.z, q.w}, mergeKeyFor(source));
    showEditedKey();
}

void KeyEditorPanel::commitTime()
{
    if (!key_)
        return;
    const double dt = time_->value() - readKey(doc_->animation(), *key_)->time;
    if (dt == 0)
        return;
    const std::vector<KeyRef> moved = moveKeysEdit(doc_, doc_->scene(), {*key_}, dt, 0);
    sheet_->setSelectedKeys({moved.begin(), moved.end()}); // the panel follows the key to its new place
}

void KeyEditorPanel::commitFlags(uint32_t low)
{
    if (!key_)
        return;
    const uint32_t flags = (readKey(doc_->animation(), *key_)->flags & ~0xFFu) | (low & 0xFFu);
    setKeyFlagsEdit(doc_, *key_, flags);
}

} // namespace bonescope::gui
