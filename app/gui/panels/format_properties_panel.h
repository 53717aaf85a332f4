#pragma once
// The Format dock: the current format's own properties, editable, each change one undo step
// (scrubbing one field merges). SEAnim: type (sets the blend mode), looping, per-bone modifiers and
// cosmetic flags. Second Life: base and joint priorities, loop and loop in/out, ease in/out, hand
// pose, emote, constraints. LEGO Island: actors (per-key flags are in the Key dock). Dash: the
// animation's name and frame rate, and which animation is current. Every format: name, looping, and a
// looping clip's seam.
#include <functional>
#include <optional>
#include <vector>

#include <QWidget>

class QFormLayout;
class QTableWidget;

namespace bonescope::gui {

class Document;
class DopeSheet;

class FormatPropertiesPanel : public QWidget {
    Q_OBJECT
public:
    FormatPropertiesPanel(Document* doc, DopeSheet* sheet, QWidget* parent = nullptr);

private:
    void rebuild();
    void refresh();
    QString structure() const; // what the widgets depend on: rebuilt when it changes
    void buildCommon(QFormLayout* f);
    void buildSeanim(QFormLayout* f);
    void buildSecondLife(QFormLayout* f);
    // Under the base priority: how many joints play at another priority, and a button applying the
    // base to them (after a change of base: to those that had the old one).
    void buildPriorityOffer(QFormLayout* f);
    void buildLego(QFormLayout* f);
    void buildDash(QFormLayout* f);
    QTableWidget* table(QFormLayout* f, const QString& title, const QStringList& headers, int rows);

    Document* doc_;
    QWidget* content_ = nullptr;
    QString structure_;
    std::vector<std::function<void()>> refreshers_;
    std::optional<int> priorityOfferFrom_; // the base priority before the user changed it // set each widget from the model, signals blocked
};

} // namespace bonescope::gui
