#pragma once
// The Graph editor dock's content: a bar (rotations as Euler angles or quaternions, normalised or
// real values, frame all / selected, the value of the selected keys typed exactly), the list of
// curves with a visibility check box each in its curve's colour, and the plot (graph_widget.h).
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;

namespace bonescope::gui {

class Document;
class DopeSheet;
class GraphWidget;

class GraphEditorPanel : public QWidget {
    Q_OBJECT
public:
    GraphEditorPanel(Document* doc, DopeSheet* selection, QWidget* parent = nullptr);
    GraphWidget* graph() const { return graph_; }
    QListWidget* curveList() const { return list_; }
    QComboBox* rotationChoice() const { return rotation_; }
    QCheckBox* normalisedBox() const { return normalised_; }
    QDoubleSpinBox* valueField() const { return value_; }

private:
    void rebuildList();
    void refreshValue();

    GraphWidget* graph_;
    QListWidget* list_;
    QComboBox* rotation_;
    QCheckBox* normalised_;
    QDoubleSpinBox* value_;
    QLabel* valueLabel_;
};

} // namespace bonescope::gui
