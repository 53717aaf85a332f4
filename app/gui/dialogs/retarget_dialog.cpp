#include "app/gui/dialogs/retarget_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>


#include "app/gui/dialogs/retarget_options.h"
#include "app/gui/dialogs/retarget_preview.h"
#include "app/gui/saving/save_file.h"
#include "formats/bone_map_file.h"
#include "formats/platform/process_memory.h"
#include "app/gui/counted_words.h"

namespace bonescope::gui {

namespace {
constexpr int kNone = 0; // combo index of "(none)"

QString listed(const QStringList& names, int shown = 12)
{
    QStringList head = names.mid(0, shown);
    QString s = head.join(", ");
    if (names.size() > shown)
        s += QObject::tr(" and %1 more").arg(names.size() - shown);
    return s;
}
} // namespace

RetargetDialog::RetargetDialog(const Skeleton& source, const Skeleton& target, QWidget* parent, const Animation* clip)
    : QDialog(parent), source_(source), target_(target), clip_(clip), sourceKeys_(boneMapNames(source)),
      targetKeys_(boneMapNames(target)), table_(new QTableWidget(this)), unmapped_(new QLabel(this)),
      options_(new RetargetOptions(this)), summary_(new QLabel(this)), quality_(new QTreeWidget(this)),
      preview_(nullptr)
{
    setWindowTitle(tr("Retarget onto skeleton"));
    table_->setColumnCount(2);
    table_->setHorizontalHeaderLabels({tr("Source bone"), tr("Target bone")});
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->verticalHeader()->hide();
    table_->setRowCount(int(source_.size()));
    // Two bones of one name (a mesh node and a joint both "Foot.L") are told apart by their paths.
    QStringList targets{tr("(none)")};
    for (size_t b = 0; b < target_.size(); ++b)
        targets << (targetKeys_[b] == target_.bones[b].name
                        ? QString::fromStdString(target_.bones[b].name)
                        : QString::fromStdString(target_.bones[b].name + "  (" + targetKeys_[b] + ")"));
    for (int r = 0; r < int(source_.size()); ++r) {
        auto* name = new QTableWidgetItem(QString::fromStdString(sourceKeys_[size_t(r)]));
        name->setFlags(name->flags() & ~Qt::ItemIsEditable);
        table_->setItem(r, 0, name);
        auto* combo = new QComboBox(table_);
        combo->addItems(targets);
        connect(combo, &QComboBox::currentIndexChanged, this, &RetargetDialog::updateUnmapped);
        table_->setCellWidget(r, 1, combo);
    }
    unmapped_->setWordWrap(true);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    quality_->setColumnCount(3);
    quality_->setHeaderLabels({tr("Limb"), tr("Median error (deg)"), tr("Worst (deg)")});
    quality_->setRootIsDecorated(false);
    // Each column as wide as its heading and its longest limb name ("head (orientation)"), the last
    // taking what is left: fixed widths cut "Median error (deg)" and the limb names short.
    quality_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    quality_->header()->setStretchLastSection(true);
    quality_->setMaximumHeight(180);

    auto* autoButton = new QPushButton(tr("&Auto-match"), this);
    auto* loadButton = new QPushButton(tr("&Load map..."), this);
    auto* saveButton = new QPushButton(tr("&Save map..."), this);
    auto* checkButton = new QPushButton(tr("&Check quality"), this);
    checkButton->setEnabled(clip_ != nullptr);
    checkButton->setToolTip(tr("Retarget the current animation with this map and these choices, play it beside the "
                               "source, and show how far each limb points from the source's"));
    connect(autoButton, &QPushButton::clicked, this, &RetargetDialog::autoMatch);
    checkButton->setObjectName("checkQuality");
    // A check whose result is the one shown already changed nothing on screen, and a first-use pass
    // took it for a button that does nothing: it says it checked, and the summary flashes.
    connect(checkButton, &QPushButton::clicked, this, [this] {
        const QString before = summary_->text();
        const QString now = measure();
        if (before.startsWith(now)) // (after a check again too)
            summary_->setText(now + " " + tr("(Checked again: the same as before.)"));
        summary_->setStyleSheet("background-color: #2f5d3a;");
        QTimer::singleShot(700, summary_, [label = summary_] { label->setStyleSheet({}); });
    });
    connect(loadButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load bone map"), {}, tr("Bone map (*.json)"));
        if (path.isEmpty())
            return;
        if (const QString error = loadMap(path); !error.isEmpty())
            QMessageBox::warning(this, tr("Load bone map"), error);
    });
    connect(saveButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save bone map"), {}, tr("Bone map (*.json)"));
        if (path.isEmpty())
            return;
        if (const QString error = saveMap(path); !error.isEmpty())
            QMessageBox::warning(this, tr("Save bone map"), error);
    });
    connect(options_, &RetargetOptions::changed, this, [this] { summary_->setText(tr("Changed: Check quality measures again.")); });
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Retarget"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* tools = new QHBoxLayout;
    tools->addWidget(autoButton);
    tools->addWidget(loadButton);
    tools->addWidget(saveButton);
    tools->addStretch();
    tools->addWidget(checkButton);
    // The map and choices on the left, the preview (with a clip) on the right.
    auto* choices = new QWidget(this);
    auto* left = new QVBoxLayout(choices);
    left->setContentsMargins(0, 0, 0, 0);
    left->addLayout(tools);
    left->addWidget(table_);
    left->addWidget(unmapped_);
    left->addWidget(options_);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(choices);
    if (clip_) {
        preview_ = new RetargetPreview(this);
        preview_->setSource(source_, *clip_);
        auto* right = new QWidget(this);
        auto* column = new QVBoxLayout(right);
        column->setContentsMargins(0, 0, 0, 0);
        column->addWidget(preview_, 1);
        column->addWidget(summary_);
        column->addWidget(quality_);
        splitter->addWidget(right);
        splitter->setStretchFactor(1, 1);
    }
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    if (!clip_) {
        summary_->hide();
        quality_->hide();
    }
    layout->addWidget(buttons);
    resize(clip_ ? 1180 : 620, 760);
    autoMatch();
    if (clip_)
        measure();
}

RetargetSettings RetargetDialog::settings() const { return options_->settings(); }

void RetargetDialog::setSettings(const RetargetSettings& s) { options_->setSettings(s); }

QString RetargetDialog::qualityText() const { return summary_->text(); }

QString RetargetDialog::measure()
{
    quality_->clear();
    if (!clip_)
        return {};
    QString text;
    try {
        const platform::LargeHeapUse heap(retargetResultBytes(*clip_, target_)); // the result's key lists
        const RetargetResult r = retarget(*clip_, source_, target_, map(), settings());
        if (preview_)
            preview_->setResult(r.skeleton, r.animation);
        const RetargetReport& q = r.report;
        if (q.limbs.empty()) {
            text = tr("No limb is mapped on both skeletons: nothing to measure.");
        } else {
            text = tr("Limbs point within %1 degrees of the source's (median), %2 at worst; the hips travel %3 leg "
                      "lengths (the source's %4).")
                       .arg(q.median, 0, 'f', 1)
                       .arg(q.max, 0, 'f', 1)
                       .arg(q.resultTravel, 0, 'f', 2)
                       .arg(q.sourceTravel, 0, 'f', 2);
            if (settings().footLock)
                text += " " + tr("%1 locked.").arg(countedWords(q.contacts, "foot contact"));
            if (q.sourceFromFirstFrame)
                text += " " + tr("The source's rest pose does not stand (it lies or folds), so its first frame, which "
                                 "stands, is the reference.");
        }
        for (const LimbError& l : q.limbs) {
            auto* item = new QTreeWidgetItem(quality_, {QString::fromStdString(l.limb), QString::number(l.median, 'f', 1),
                                                        QString::number(l.max, 'f', 1)});
            item->setToolTip(0, QString::fromStdString(l.bone));
        }
    } catch (const std::exception& e) {
        text = tr("Cannot retarget with this map: %1").arg(QString::fromUtf8(e.what()));
        if (preview_)
            preview_->clearResult(target_);
    }
    summary_->setText(text);
    return text;
}

int RetargetDialog::rowCount() const { return table_->rowCount(); }

QComboBox* RetargetDialog::targetCombo(int row) const { return qobject_cast<QComboBox*>(table_->cellWidget(row, 1)); }

BoneMap RetargetDialog::map() const
{
    BoneMap m;
    for (int r = 0; r < rowCount(); ++r) {
        const QComboBox* c = targetCombo(r);
        if (c->currentIndex() != kNone)
            m.map[sourceKeys_[size_t(r)]] = targetKeys_[size_t(c->currentIndex() - 1)];
    }
    m.settings = settings();
    return m;
}

void RetargetDialog::setMap(const BoneMap& m)
{
    // Chains are spread over the bones they name; a map that names missing bones sets what it can.
    std::vector<int> targetOf(source_.size(), -1);
    try {
        for (const auto& [s, t] : resolveBoneMap(m, source_, target_))
            targetOf[size_t(s)] = t;
    } catch (const std::exception&) {
        for (const auto& [src, dst] : m.map)
            if (const int s = resolveBone(source_, src); s >= 0)
                targetOf[size_t(s)] = resolveBone(target_, dst);
    }
    for (int r = 0; r < rowCount(); ++r) {
        QComboBox* c = targetCombo(r);
        const QSignalBlocker block(c);
        c->setCurrentIndex(targetOf[size_t(r)] < 0 ? kNone : targetOf[size_t(r)] + 1);
    }
    updateUnmapped();
}

void RetargetDialog::autoMatch() { setMap(matcher_ ? matcher_() : bonescope::autoMatch(source_, target_)); }

void RetargetDialog::addChoice(QWidget* choice)
{
    if (auto* column = options_->parentWidget() ? qobject_cast<QVBoxLayout*>(options_->parentWidget()->layout()) : nullptr)
        column->insertWidget(column->indexOf(options_) + 1, choice);
}

void RetargetDialog::useMatcher(std::function<BoneMap()> matcher, const QString& accept)
{
    matcher_ = std::move(matcher);
    autoMatch();
    if (auto* buttons = findChild<QDialogButtonBox*>())
        buttons->button(QDialogButtonBox::Ok)->setText(accept);
}

QString RetargetDialog::saveMap(const QString& path) const
{
    // The window's checked atomic writer: a failed write (a full disk) keeps the file that was there.
    return writeWithSaveFile(path, QByteArray::fromStdString(map().toJson()));
}

QString RetargetDialog::loadMap(const QString& path)
{
    try {
        const BoneMap m = loadBoneMap(path.toStdString());
        setMap(m);
        if (m.settings)
            setSettings(*m.settings);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QStringList RetargetDialog::unmappedSource() const
{
    QStringList out;
    for (int r = 0; r < rowCount(); ++r)
        if (targetCombo(r)->currentIndex() == kNone)
            out << QString::fromStdString(source_.bones[r].name);
    return out;
}

QStringList RetargetDialog::unmappedTarget() const
{
    std::vector<uint8_t> used(target_.size(), 0);
    for (int r = 0; r < rowCount(); ++r)
        if (const int i = targetCombo(r)->currentIndex(); i != kNone)
            used[i - 1] = 1;
    QStringList out;
    for (size_t t = 0; t < target_.size(); ++t)
        if (!used[t])
            out << QString::fromStdString(target_.bones[t].name);
    return out;
}

void RetargetDialog::updateUnmapped()
{
    const QStringList src = unmappedSource(), tgt = unmappedTarget();
    QString text;
    text += src.isEmpty() ? tr("Every source bone is mapped.")
                          : tr("Unmapped source bones (their motion is lost): %1").arg(listed(src));
    text += "\n";
    text += tgt.isEmpty() ? tr("Every target bone is driven.")
                          : tr("Target bones nothing drives (they stay at rest): %1").arg(listed(tgt));
    unmapped_->setText(text);
}

} // namespace bonescope::gui
