#include "app/gui/panels/format_properties_panel.h"

#include <algorithm>
#include <optional>
#include <tuple>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/document/document.h"
#include "core/editing/loop_seam.h"
#include "formats/dash/dash_extra.h"
#include "formats/lego/lego_extra.h"
#include "formats/seanim/seanim_extra.h"
#include "formats/secondlife/joint_priorities.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_upload.h"
#include "app/gui/counted_words.h"

namespace bonescope::gui {

namespace {

const QStringList kSeanimTypes = {"Absolute", "Additive", "Relative", "Delta"};

template <class T>
T* extraOf(const Document* doc)
{
    const Scene& s = doc->scene();
    if (const Animation* a = s.currentAnimation())
        if (T* e = a->extra.as<T>())
            return e;
    return s.extra.as<T>();
}

std::string volumeName(const std::array<uint8_t, 16>& v)
{
    std::string s(v.begin(), v.end());
    return s.substr(0, s.find('\0'));
}

void setVolumeName(std::array<uint8_t, 16>& v, const std::string& name)
{
    v.fill(0);
    std::copy_n(name.begin(), std::min<size_t>(name.size(), 15), v.begin());
}

// A hand pose as the viewer's upload floater names it: a code alone ("1") said nothing to a
// first-time user.
QString handPoseWords(uint32_t pose)
{
    if (const char* words = secondlife::handPoseWords(pose))
        return QObject::tr(words);
    return QObject::tr("%1 (not a hand pose the viewer knows; kept as the file has it)").arg(pose);
}

// A constraint's type in words, and back: "point" or "plane", or the file's own number for another.
QString constraintTypeWords(uint8_t type)
{
    return type == secondlife::ConstraintPoint ? QObject::tr("point")
           : type == secondlife::ConstraintPlane ? QObject::tr("plane")
                                                 : QString::number(type);
}

std::optional<uint8_t> constraintTypeFrom(const QString& text)
{
    const QString t = text.trimmed().toLower();
    if (t == QObject::tr("point"))
        return secondlife::ConstraintPoint;
    if (t == QObject::tr("plane"))
        return secondlife::ConstraintPlane;
    bool ok = false;
    const uint v = t.toUInt(&ok);
    return ok && v <= 255 ? std::optional<uint8_t>(uint8_t(v)) : std::nullopt;
}

// What is wrong with the loop points as typed, for the line under them; empty when nothing is. The
// upload check's rule (secondlife::loopPointFaults), said at once and as the fields show the numbers.
QString loopPointsWords(const Animation& a)
{
    const secondlife::LoopPointFaults f = secondlife::loopPointFaults(a);
    if (!f.any())
        return {};
    const LoopRange& r = *a.loopRange;
    // Refused for a looping animation, unused for one that does not loop.
    const QString outcome = a.looping ? QObject::tr("the uploader refuses it") : QObject::tr("unused while Looping is off");
    const auto s = [](double v) { return QString::number(v, 'f', 3); };
    if (f.notFinite)
        return QObject::tr("The loop points are not numbers: %1.").arg(outcome);
    // Loop out first: the field a person types past the end.
    for (const auto& [name, value, outside] : {std::tuple{QObject::tr("Loop out"), r.out, f.outOutside},
                                               std::tuple{QObject::tr("Loop in"), r.in, f.inOutside}}) {
        if (!outside)
            continue;
        if (value < 0)
            return QObject::tr("%1 (%2 s) is before the start of the animation: %3.").arg(name, s(value), outcome);
        return QObject::tr("%1 (%2 s) is after the end of the animation (%3 s): %4.").arg(name, s(value), s(a.duration), outcome);
    }
    return QObject::tr("Loop in (%1 s) is after loop out (%2 s): %3.").arg(s(r.in), s(r.out), outcome);
}

} // namespace

FormatPropertiesPanel::FormatPropertiesPanel(Document* doc, DopeSheet*, QWidget* parent) : QWidget(parent), doc_(doc)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    connect(doc_, &Document::sceneChanged, this, &FormatPropertiesPanel::rebuild);
    connect(doc_, &Document::edited, this, [this] {
        if (structure() != structure_)
            QTimer::singleShot(0, this, &FormatPropertiesPanel::rebuild); // not inside the editing widget's signal
        else
            refresh();
    });
    rebuild();
}

QString FormatPropertiesPanel::structure() const
{
    const Scene& s = doc_->scene();
    const Animation& a = doc_->animation();
    QString out = QString::fromStdString(s.format) + QString(" %1 %2 %3 %4").arg(s.current).arg(a.tracks.size()).arg(a.modifiers.size()).arg(s.animations.size());
    if (auto* sl = extraOf<SecondLifeExtra>(doc_))
        out += QString(" c%1").arg(sl->constraints.size());
    if (auto* lego = extraOf<LegoExtra>(doc_))
        out += QString(" a%1").arg(lego->actors.size());
    return out;
}

void FormatPropertiesPanel::rebuild()
{
    delete content_;
    refreshers_.clear();
    structure_ = structure();
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    auto* inner = new QWidget(scroll);
    auto* form = new QFormLayout(inner);
    scroll->setWidget(inner);
    content_ = scroll;
    layout()->addWidget(scroll);
    if (doc_->isEmpty() || !doc_->scene().currentAnimation()) {
        form->addRow(new QLabel(tr("No animation open."), inner));
        return;
    }
    buildCommon(form);
    const std::string& id = doc_->scene().format;
    if (id == "seanim")
        buildSeanim(form);
    else if (id == "secondlife")
        buildSecondLife(form);
    else if (id == "lego")
        buildLego(form);
    else if (id == "dash")
        buildDash(form);
    refresh();
}

void FormatPropertiesPanel::refresh()
{
    for (const auto& r : refreshers_)
        r();
}

QTableWidget* FormatPropertiesPanel::table(QFormLayout* f, const QString& title, const QStringList& headers, int rows)
{
    auto* t = new QTableWidget(rows, int(headers.size()), f->parentWidget());
    t->setHorizontalHeaderLabels(headers);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->verticalHeader()->hide();
    t->setMinimumHeight(120);
    f->addRow(new QLabel(title, f->parentWidget()));
    f->addRow(t);
    return t;
}

void FormatPropertiesPanel::buildCommon(QFormLayout* f)
{
    QWidget* p = f->parentWidget();
    auto* name = new QLineEdit(p);
    f->addRow(tr("Animation name"), name);
    connect(name, &QLineEdit::editingFinished, this, [this, name] {
        if (name->text().toStdString() != doc_->animation().name)
            editAnimationFields(doc_, tr("Rename animation"), [&](Animation& a) { a.name = name->text().toStdString(); });
    });
    auto* loop = new QCheckBox(tr("Looping"), p);
    f->addRow(loop);
    connect(loop, &QCheckBox::toggled, this, [this](bool on) {
        editAnimationFields(doc_, tr("Looping"), [&](Animation& a) { a.looping = on; });
    });
    // The seam where the loop jumps back (core/editing/loop_seam.h), measured again after every edit.
    auto* seam = new QLabel(p);
    seam->setObjectName("loopSeam");
    seam->setWordWrap(true);
    seam->setToolTip(tr("How far the pose jumps, and how much the motion's speed changes, where the loop goes from "
                        "its end back to its start (the hips' travel over the ground is not counted). Clip > Close loop "
                        "blends it away."));
    f->addRow(tr("Loop seam"), seam);
    refreshers_.push_back([this, name, loop, seam] {
        const QSignalBlocker b1(name), b2(loop);
        const Animation& a = doc_->animation();
        name->setText(QString::fromStdString(a.name));
        loop->setChecked(a.looping);
        seam->setText(a.looping ? QString::fromStdString(describeSeam(measureSeam(a, doc_->skeleton())))
                                : tr("(not looping)"));
    });
}

void FormatPropertiesPanel::buildSeanim(QFormLayout* f)
{
    QWidget* p = f->parentWidget();
    auto* type = new QComboBox(p);
    type->addItems(kSeanimTypes);
    type->setToolTip(tr("How the keys combine with the rest pose (sets the blend mode)"));
    f->addRow(tr("SEAnim type"), type);
    connect(type, &QComboBox::activated, this, [this](int t) {
        editExtra<SeanimExtra>(doc_, tr("SEAnim type"), [&](SeanimExtra& e, Scene& s) {
            e.animType = uint8_t(t);
            s.currentAnimation()->blend = seanim::blendForType(uint8_t(t));
        });
    });
    const Animation& a = doc_->animation();
    QTableWidget* bones = table(f, tr("Bones: modifiers and cosmetic flag"), {tr("Bone"), tr("Modifier"), tr("Cosmetic")}, int(a.tracks.size()));
    std::vector<QComboBox*> mods;
    std::vector<QCheckBox*> cosmetic;
    for (int t = 0; t < int(a.tracks.size()); ++t) {
        auto* item = new QTableWidgetItem(QString::fromStdString(a.tracks[t].name));
        item->setFlags(Qt::ItemIsEnabled);
        bones->setItem(t, 0, item);
        auto* mod = new QComboBox(bones);
        mod->addItem(tr("(none)"));
        mod->addItems(kSeanimTypes);
        bones->setCellWidget(t, 1, mod);
        auto* cos = new QCheckBox(bones);
        bones->setCellWidget(t, 2, cos);
        mods.push_back(mod);
        cosmetic.push_back(cos);
        connect(mod, &QComboBox::activated, this, [this, t](int v) {
            editAnimationFields(doc_, tr("Bone modifier"), [&](Animation& a) {
                std::erase_if(a.modifiers, [t](const BlendModifier& m) { return m.track == t; });
                if (v > 0)
                    a.modifiers.push_back({t, seanim::blendForType(uint8_t(v - 1)), uint8_t(v - 1)});
            });
        });
        connect(cos, &QCheckBox::toggled, this, [this, t](bool on) {
            editAnimationFields(doc_, tr("Cosmetic bone"), [&](Animation& a) {
                a.tracks[t].flags = on ? a.tracks[t].flags | seanim::BoneCosmetic : a.tracks[t].flags & ~seanim::BoneCosmetic;
            });
        });
    }
    refreshers_.push_back([this, type, mods, cosmetic] {
        const QSignalBlocker b(type);
        if (auto* e = extraOf<SeanimExtra>(doc_))
            type->setCurrentIndex(seanim::typeForBlend(doc_->animation().blend, e->animType) & 3);
        const Animation& a = doc_->animation();
        for (int t = 0; t < int(mods.size()) && t < int(a.tracks.size()); ++t) {
            const QSignalBlocker b1(mods[t]), b2(cosmetic[t]);
            int v = 0;
            for (const BlendModifier& m : a.modifiers)
                if (m.track == t)
                    v = m.sourceValue + 1;
            mods[t]->setCurrentIndex(std::min(v, 4));
            cosmetic[t]->setChecked(a.tracks[t].flags & seanim::BoneCosmetic);
        }
    });
}

void FormatPropertiesPanel::buildPriorityOffer(QFormLayout* f)
{
    QWidget* p = f->parentWidget();
    auto* row = new QWidget(p);
    // The sentence above its button, each the column's width: side by side in a narrow dock the
    // sentence wrapped into a ten-line strip and the button's text was cut.
    auto* line = new QVBoxLayout(row);
    line->setContentsMargins(0, 0, 0, 0);
    auto* words = new QLabel(row);
    words->setWordWrap(true);
    auto* apply = new QPushButton(row);
    apply->setObjectName("applyBasePriority");
    line->addWidget(words);
    line->addWidget(apply, 0, Qt::AlignLeft);
    f->addRow(row);
    connect(apply, &QPushButton::clicked, this, [this] {
        const std::optional<int> from = priorityOfferFrom_;
        priorityOfferFrom_.reset();
        editExtra<SecondLifeExtra>(doc_, tr("Apply base priority to joints"), [&](SecondLifeExtra& e, Scene& sc) {
            secondlife::applyBaseToJoints(*sc.currentAnimation(), e, from);
        });
        refresh();
    });
    refreshers_.push_back([this, row, words, apply] {
        const auto* e = extraOf<SecondLifeExtra>(doc_);
        const Animation& a = doc_->animation();
        if (priorityOfferFrom_ && e && *priorityOfferFrom_ == e->basePriority)
            priorityOfferFrom_.reset(); // scrubbed back: nothing changed
        size_t n = 0;
        if (e && priorityOfferFrom_) {
            const std::vector<int> own = secondlife::ownPriorities(a, *e);
            n = size_t(std::count(own.begin(), own.end(), *priorityOfferFrom_));
            words->setText(tr("%1 still %2 at %3, the old base priority.")
                               .arg(countedWords(qint64(n), "joint"), agreeWords(qint64(n), "plays", "play"))
                               .arg(*priorityOfferFrom_));
            apply->setText(tr("Apply %1 to them").arg(e->basePriority));
        } else if (e) {
            n = secondlife::jointsAwayFromBase(a, *e);
            words->setText(tr("%1 of %2 %3 at their own priority, not the base priority %4.")
                               .arg(n)
                               .arg(countedWords(qint64(a.tracks.size()), "joint"), agreeWords(qint64(n), "plays", "play"))
                               .arg(e->basePriority));
            apply->setText(tr("Apply base priority to all joints"));
        }
        row->setVisible(n > 0);
    });
}

void FormatPropertiesPanel::buildSecondLife(QFormLayout* f)
{
    QWidget* p = f->parentWidget();
    // One numeric field of the Second Life data: `s` is a QSpinBox or QDoubleSpinBox already set up.
    auto bind = [&](auto* s, const QString& label, auto get, auto set) {
        using Value = decltype(s->value());
        s->setKeyboardTracking(false);
        f->addRow(label, s);
        connect(s, &std::remove_pointer_t<decltype(s)>::valueChanged, this, [this, s, label, set](Value v) {
            editExtra<SecondLifeExtra>(doc_, label, [&](SecondLifeExtra& e, Scene& sc) { set(e, *sc.currentAnimation(), v); }, mergeKeyFor(s));
        });
        refreshers_.push_back([this, s, get] {
            const QSignalBlocker b(s);
            if (auto* e = extraOf<SecondLifeExtra>(doc_))
                s->setValue(get(*e, doc_->animation()));
        });
    };
    auto spin = [&](const QString& label, int lo, int hi, auto get, auto set) {
        auto* s = new QSpinBox(p);
        s->setRange(lo, hi);
        bind(s, label, get, set);
        return s;
    };
    auto real = [&](const QString& label, double lo, double hi, auto get, auto set) {
        auto* s = new QDoubleSpinBox(p);
        s->setRange(lo, hi);
        s->setDecimals(4);
        s->setSingleStep(0.05);
        bind(s, label, get, set);
    };
    using E = SecondLifeExtra;
    // Joints with their own priority ignore the base: a change of base offers to take along the joints
    // that had the old one (the first of a scrub), and the joint table shows what each plays at.
    spin(tr("Base priority"), -1, 7, [](const E& e, const Animation&) { return e.basePriority; },
         [this](E& e, Animation&, int v) {
             if (!priorityOfferFrom_)
                 priorityOfferFrom_ = e.basePriority;
             e.basePriority = v;
         })->setObjectName("basePriority");
    buildPriorityOffer(f);
    // Loop points before 0 occur in Linden Lab's own files (ll_raptor_attack: -1 frame): shown as they
    // are, not as 0.
    real(tr("Loop in (s)"), -secondlife::MaxDuration, secondlife::MaxDuration, [](const E&, const Animation& a) { return a.loopRange ? a.loopRange->in : 0.0; },
         [](E&, Animation& a, double v) { a.loopRange = LoopRange{v, a.loopRange ? a.loopRange->out : a.duration}; });
    real(tr("Loop out (s)"), -secondlife::MaxDuration, secondlife::MaxDuration, [](const E&, const Animation& a) { return a.loopRange ? a.loopRange->out : a.duration; },
         [](E&, Animation& a, double v) { a.loopRange = LoopRange{a.loopRange ? a.loopRange->in : 0.0, v}; });
    // Said under the loop points as they are typed, not first at the upload check.
    auto* loopWarning = new QLabel(p);
    loopWarning->setObjectName("loopPointsWarning");
    loopWarning->setWordWrap(true);
    loopWarning->setStyleSheet("color: #e0a040;");
    f->addRow(loopWarning);
    refreshers_.push_back([this, loopWarning] {
        const QString words = loopPointsWords(doc_->animation());
        loopWarning->setText(words);
        loopWarning->setVisible(!words.isEmpty());
    });
    real(tr("Ease in (s)"), 0, secondlife::MaxDuration, [](const E& e, const Animation&) { return double(e.easeIn); },
         [](E& e, Animation&, double v) { e.easeIn = float(v); });
    real(tr("Ease out (s)"), 0, secondlife::MaxDuration, [](const E& e, const Animation&) { return double(e.easeOut); },
         [](E& e, Animation&, double v) { e.easeOut = float(v); });
    auto* hand = new QComboBox(p);
    hand->setObjectName("handPose");
    for (uint32_t pose = 0; pose <= secondlife::MaxHandPose; ++pose)
        hand->addItem(handPoseWords(pose), pose);
    f->addRow(tr("Hand pose"), hand);
    connect(hand, &QComboBox::activated, this, [this, hand](int index) {
        const uint32_t pose = hand->itemData(index).toUInt();
        editExtra<SecondLifeExtra>(doc_, tr("Hand pose"), [&](E& e, Scene&) { e.handPose = pose; });
    });
    refreshers_.push_back([this, hand] {
        const QSignalBlocker b(hand);
        const auto* e = extraOf<SecondLifeExtra>(doc_);
        if (!e)
            return;
        int at = hand->findData(e->handPose);
        if (at < 0) { // a code beyond the viewer's: shown as it is, kept unless another is chosen
            hand->addItem(handPoseWords(e->handPose), e->handPose);
            at = hand->count() - 1;
        }
        hand->setCurrentIndex(at);
    });

    auto* emote = new QLineEdit(p);
    f->addRow(tr("Emote"), emote);
    connect(emote, &QLineEdit::editingFinished, this, [this, emote] {
        editExtra<SecondLifeExtra>(doc_, tr("Emote"), [&](E& e, Scene&) { e.emoteName = emote->text().toStdString(); });
    });
    refreshers_.push_back([this, emote] {
        const QSignalBlocker b(emote);
        if (auto* e = extraOf<SecondLifeExtra>(doc_))
            emote->setText(QString::fromStdString(e->emoteName));
    });

    const Animation& a = doc_->animation();
    QTableWidget* joints = table(f, tr("Joint priorities (-1: the base priority)"), {tr("Joint"), tr("Priority"), tr("Plays at")},
                                 int(a.tracks.size()));
    joints->setObjectName("jointPriorities");
    std::vector<QSpinBox*> prio;
    for (int t = 0; t < int(a.tracks.size()); ++t) {
        auto* item = new QTableWidgetItem(QString::fromStdString(a.tracks[t].name));
        item->setFlags(Qt::ItemIsEnabled);
        joints->setItem(t, 0, item);
        auto* s = new QSpinBox(joints);
        s->setRange(-1, 7);
        s->setKeyboardTracking(false);
        joints->setCellWidget(t, 1, s);
        prio.push_back(s);
        connect(s, &QSpinBox::valueChanged, this, [this, t, s](int v) {
            editExtra<SecondLifeExtra>(doc_, tr("Joint priority"), [&](E& e, Scene& sc) {
                const Animation& an = *sc.currentAnimation();
                // One joint entry per track, in track order, so the writer finds each by index.
                std::vector<SecondLifeJoint> js;
                for (size_t i = 0; i < an.tracks.size(); ++i)
                    js.push_back({an.tracks[i].name, e.priorityOf(i, an.tracks[i].name)});
                js[size_t(t)].priority = v;
                e.joints = std::move(js);
            }, mergeKeyFor(s));
        });
    }
    refreshers_.push_back([this, prio, joints] {
        auto* e = extraOf<SecondLifeExtra>(doc_);
        const Animation& a = doc_->animation();
        for (int t = 0; e && t < int(prio.size()) && t < int(a.tracks.size()); ++t) {
            const QSignalBlocker b(prio[t]);
            const int own = e->priorityOf(size_t(t), a.tracks[t].name);
            prio[t]->setValue(own);
            const int plays = secondlife::playedPriority(own, e->basePriority);
            auto* item = new QTableWidgetItem(own == secondlife::UseMotionPriority ? tr("%1 (base)").arg(plays)
                                                                                : QString::number(plays));
            item->setFlags(Qt::ItemIsEnabled);
            joints->setItem(t, 2, item);
        }
    });

    auto* e = extraOf<SecondLifeExtra>(doc_);
    const int n = e ? int(e->constraints.size()) : 0;
    QTableWidget* cons = table(f, tr("Constraints"),
                               {tr("Chain"), tr("Type (point, plane)"), tr("Source volume"), tr("Target volume"), tr("Ease in start"),
                                tr("Ease in stop"), tr("Ease out start"), tr("Ease out stop")},
                               n);
    auto fillConstraints = [this, cons] {
        const QSignalBlocker b(cons);
        auto* e = extraOf<SecondLifeExtra>(doc_);
        for (int i = 0; e && i < int(e->constraints.size()) && i < cons->rowCount(); ++i) {
            const SecondLifeConstraint& c = e->constraints[i];
            const QStringList v = {QString::number(c.chainLength), constraintTypeWords(c.type), QString::fromStdString(volumeName(c.sourceVolume)),
                                   QString::fromStdString(volumeName(c.targetVolume)), QString::number(c.easeInStart),
                                   QString::number(c.easeInStop), QString::number(c.easeOutStart), QString::number(c.easeOutStop)};
            for (int col = 0; col < int(v.size()); ++col)
                cons->setItem(i, col, new QTableWidgetItem(v[col]));
        }
    };
    refreshers_.push_back(fillConstraints);
    connect(cons, &QTableWidget::itemChanged, this, [this, fillConstraints](QTableWidgetItem* item) {
        const int i = item->row(), col = item->column();
        const QString text = item->text();
        bool ok = true;
        const std::optional<uint8_t> type = col == 1 ? constraintTypeFrom(text) : std::nullopt;
        const double num = col == 1 ? double(type.value_or(0)) : col == 2 || col == 3 ? 0 : text.toDouble(&ok);
        if (!ok || (col == 1 && !type) || (col == 0 && (num < 0 || num > 255))) {
            QTimer::singleShot(0, this, fillConstraints); // not a value this field takes: show the model's again
            return;
        }
        editExtra<SecondLifeExtra>(doc_, tr("Constraint"), [&](E& e, Scene&) {
            SecondLifeConstraint& c = e.constraints[size_t(i)];
            switch (col) {
            case 0: c.chainLength = uint8_t(num); break;
            case 1: c.type = uint8_t(num); break;
            case 2: setVolumeName(c.sourceVolume, text.toStdString()); break;
            case 3: setVolumeName(c.targetVolume, text.toStdString()); break;
            case 4: c.easeInStart = float(num); break;
            case 5: c.easeInStop = float(num); break;
            case 6: c.easeOutStart = float(num); break;
            default: c.easeOutStop = float(num); break;
            }
        });
    });
}

void FormatPropertiesPanel::buildLego(QFormLayout* f)
{
    auto* e = extraOf<LegoExtra>(doc_);
    const int n = e ? int(e->actors.size()) : 0;
    QTableWidget* actors = table(f, tr("Actors (key flags: the Key dock)"), {tr("Name"), tr("Type")}, n);
    auto fill = [this, actors] {
        const QSignalBlocker b(actors);
        auto* e = extraOf<LegoExtra>(doc_);
        for (int i = 0; e && i < int(e->actors.size()) && i < actors->rowCount(); ++i) {
            actors->setItem(i, 0, new QTableWidgetItem(QString::fromStdString(e->actors[i].name)));
            actors->setItem(i, 1, new QTableWidgetItem(QString::number(e->actors[i].type)));
        }
    };
    refreshers_.push_back(fill);
    connect(actors, &QTableWidget::itemChanged, this, [this, fill](QTableWidgetItem* item) {
        const int i = item->row();
        bool ok = true;
        const uint type = item->column() == 1 ? item->text().toUInt(&ok) : 0;
        if (!ok) {
            QTimer::singleShot(0, this, fill);
            return;
        }
        editExtra<LegoExtra>(doc_, tr("Actor"), [&](LegoExtra& e, Scene&) {
            lego::Actor& a = e.actors[size_t(i)];
            if (item->column() == 0)
                a.name = item->text().toStdString();
            else
                a.type = type;
        });
    });
}

void FormatPropertiesPanel::buildDash(QFormLayout* f)
{
    QWidget* p = f->parentWidget();
    auto* fps = new QDoubleSpinBox(p);
    fps->setRange(1, 1000);
    fps->setDecimals(3);
    fps->setKeyboardTracking(false);
    f->addRow(tr("Frame rate"), fps);
    connect(fps, &QDoubleSpinBox::valueChanged, this, [this, fps](double v) {
        editAnimationFields(doc_, tr("Frame rate"), [&](Animation& a) { a.fps = v; }, mergeKeyFor(fps));
    });
    auto* current = new QComboBox(p);
    for (const Animation& a : doc_->scene().animations)
        current->addItem(QString::fromStdString(a.name.empty() ? "(unnamed)" : a.name));
    f->addRow(tr("Current animation"), current);
    connect(current, &QComboBox::activated, doc_, &Document::setAnimationIndex);
    refreshers_.push_back([this, fps, current] {
        const QSignalBlocker b1(fps), b2(current);
        fps->setValue(doc_->animation().fps);
        for (int i = 0; i < current->count() && i < int(doc_->scene().animations.size()); ++i)
            current->setItemText(i, QString::fromStdString(doc_->scene().animations[i].name));
        current->setCurrentIndex(doc_->animationIndex());
    });
}

} // namespace bonescope::gui
