#include "app/gui/dialogs/retarget_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/gui/saving/save_file.h"
#include "formats/bone_map_file.h"

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

RetargetDialog::RetargetDialog(const Skeleton& source, const Skeleton& target, QWidget* parent)
    : QDialog(parent), source_(source), target_(target), table_(new QTableWidget(this)), unmapped_(new QLabel(this))
{
    setWindowTitle(tr("Retarget onto skeleton"));
    table_->setColumnCount(2);
    table_->setHorizontalHeaderLabels({tr("Source bone"), tr("Target bone")});
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->verticalHeader()->hide();
    table_->setRowCount(int(source_.size()));
    QStringList targets{tr("(none)")};
    for (const Bone& b : target_.bones)
        targets << QString::fromStdString(b.name);
    for (int r = 0; r < int(source_.size()); ++r) {
        auto* name = new QTableWidgetItem(QString::fromStdString(source_.bones[r].name));
        name->setFlags(name->flags() & ~Qt::ItemIsEditable);
        table_->setItem(r, 0, name);
        auto* combo = new QComboBox(table_);
        combo->addItems(targets);
        connect(combo, &QComboBox::currentIndexChanged, this, &RetargetDialog::updateUnmapped);
        table_->setCellWidget(r, 1, combo);
    }
    unmapped_->setWordWrap(true);

    auto* autoButton = new QPushButton(tr("&Auto-match"), this);
    auto* loadButton = new QPushButton(tr("&Load map..."), this);
    auto* saveButton = new QPushButton(tr("&Save map..."), this);
    connect(autoButton, &QPushButton::clicked, this, &RetargetDialog::autoMatch);
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
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Retarget"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* tools = new QHBoxLayout;
    tools->addWidget(autoButton);
    tools->addWidget(loadButton);
    tools->addWidget(saveButton);
    tools->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(tools);
    layout->addWidget(table_);
    layout->addWidget(unmapped_);
    layout->addWidget(buttons);
    resize(560, 640);
    autoMatch();
}

int RetargetDialog::rowCount() const { return table_->rowCount(); }

QComboBox* RetargetDialog::targetCombo(int row) const { return qobject_cast<QComboBox*>(table_->cellWidget(row, 1)); }

BoneMap RetargetDialog::map() const
{
    BoneMap m;
    for (int r = 0; r < rowCount(); ++r) {
        const QComboBox* c = targetCombo(r);
        if (c->currentIndex() != kNone)
            m.map[source_.bones[r].name] = target_.bones[c->currentIndex() - 1].name;
    }
    return m;
}

void RetargetDialog::setMap(const BoneMap& m)
{
    for (int r = 0; r < rowCount(); ++r) {
        const auto it = m.map.find(source_.bones[r].name);
        const int t = it == m.map.end() ? -1 : target_.find(it->second);
        QComboBox* c = targetCombo(r);
        const QSignalBlocker block(c);
        c->setCurrentIndex(t < 0 ? kNone : t + 1);
    }
    updateUnmapped();
}

void RetargetDialog::autoMatch() { setMap(bonescope::autoMatch(source_, target_)); }

QString RetargetDialog::saveMap(const QString& path) const
{
    // The window's checked atomic writer: a failed write (a full disk) keeps the file that was there.
    return writeWithSaveFile(path, QByteArray::fromStdString(map().toJson()));
}

QString RetargetDialog::loadMap(const QString& path)
{
    try {
        setMap(loadBoneMap(path.toStdString()));
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
