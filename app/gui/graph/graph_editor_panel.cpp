#include "app/gui/graph/graph_editor_panel.h"

#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QVBoxLayout>

#include "app/gui/commands/scene_edit_command.h"
#include "app/gui/graph/graph_widget.h"

namespace bonescope::gui {

namespace {
constexpr int kCurveRole = Qt::UserRole;

QVariant packCurve(const CurveId& c) { return QVariantList{c.track, int(c.channel), c.component}; }
CurveId unpackCurve(const QVariant& v)
{
    const QVariantList l = v.toList();
    return l.size() == 3 ? CurveId{l[0].toInt(), ChannelKind(l[1].toInt()), l[2].toInt()} : CurveId{};
}
} // namespace

GraphEditorPanel::GraphEditorPanel(Document* doc, DopeSheet* selection, QWidget* parent)
    : QWidget(parent), graph_(new GraphWidget(doc, selection, this)), list_(new QListWidget(this)),
      rotation_(new QComboBox(this)), normalised_(new QCheckBox(tr("Normalised"), this)),
      value_(new QDoubleSpinBox(this)), valueLabel_(new QLabel(tr("Value"), this))
{
    setObjectName("graphEditorPanel");
    rotation_->addItem(tr("Rotation: Euler XYZ (°)"));
    rotation_->addItem(tr("Rotation: quaternion"));
    rotation_->setToolTip(tr("Rotations as Euler angles in degrees (X applied first, unwrapped so the curves have no "
                             "360° jumps) or as the quaternion's x, y, z, w"));
    normalised_->setToolTip(tr("Each curve scaled to -1..1 over its keys"));
    auto* frameAll = new QPushButton(tr("Frame all"), this);
    frameAll->setToolTip(tr("Home (with the graph focused)"));
    auto* frameSel = new QPushButton(tr("Frame selected"), this);
    frameSel->setToolTip(tr("F or keypad . (with the graph focused)"));
    value_->setRange(-1e9, 1e9);
    value_->setDecimals(6);
    value_->setKeyboardTracking(false);
    value_->setToolTip(tr("The selected keys' value on their curves: typing sets every selected key"));
    value_->setMinimumWidth(110);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(2, 2, 2, 2);
    bar->addWidget(rotation_);
    bar->addWidget(normalised_);
    bar->addWidget(frameAll);
    bar->addWidget(frameSel);
    bar->addStretch();
    bar->addWidget(valueLabel_);
    bar->addWidget(value_);

    list_->setObjectName("graphCurveList");
    list_->setUniformItemSizes(true);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(list_);
    split->addWidget(graph_);
    split->setStretchFactor(1, 1);
    split->setSizes({180, 700});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(split, 1);

    connect(rotation_, &QComboBox::currentIndexChanged, this, [this](int i) {
        graph_->setRotationDisplay(i == 1 ? RotationDisplay::Quaternion : RotationDisplay::Euler);
    });
    connect(normalised_, &QCheckBox::toggled, graph_, &GraphWidget::setNormalised);
    connect(frameAll, &QPushButton::clicked, graph_, &GraphWidget::frameAll);
    connect(frameSel, &QPushButton::clicked, graph_, &GraphWidget::frameSelected);
    connect(graph_, &GraphWidget::curvesChanged, this, &GraphEditorPanel::rebuildList);
    connect(graph_, &GraphWidget::selectionChanged, this, &GraphEditorPanel::refreshValue);
    connect(value_, &QDoubleSpinBox::valueChanged, this, [this](double v) { graph_->setSelectedValue(v, mergeKeyFor(value_)); });
    connect(list_, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        graph_->setCurveVisible(unpackCurve(item->data(kCurveRole)), item->checkState() == Qt::Checked);
    });
    rebuildList();
    refreshValue();
}

void GraphEditorPanel::rebuildList()
{
    const QSignalBlocker block(list_);
    list_->clear();
    const GraphCurves& curves = graph_->curves();
    for (const CurveId& c : curves.curves()) {
        auto* item = new QListWidgetItem(curves.name(c), list_);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(graph_->curveVisible(c) ? Qt::Checked : Qt::Unchecked);
        item->setForeground(GraphCurves::colour(c));
        item->setData(kCurveRole, packCurve(c));
    }
}

void GraphEditorPanel::refreshValue()
{
    const auto& sel = graph_->selection();
    const bool any = !sel.empty();
    value_->setEnabled(any);
    const QSignalBlocker block(value_);
    if (!any) {
        value_->clear();
        valueLabel_->setText(tr("Value"));
        return;
    }
    const GraphKey& first = *sel.begin();
    value_->setValue(graph_->curves().keyValue(first));
    // The first key's value is shown; what is typed goes to every selected key.
    valueLabel_->setText(sel.size() > 1 ? tr("Value (first of %1; typing sets all)").arg(sel.size()) : tr("Value"));
}

} // namespace bonescope::gui
