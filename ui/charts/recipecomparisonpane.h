#pragma once

#include "chartpane.h"

namespace headroom {

/*!
 * The same model and run as stacked bars under FP32, AMP, half precision with and without a
 * master copy, LoRA and QLoRA: the article's bytes-per-parameter table as a picture, against
 * the chosen GPU's capacity.
 */
class RecipeComparisonPane final : public ChartPane
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecipeComparisonPane)

public:
    explicit RecipeComparisonPane(QWidget *parent = nullptr);
    ~RecipeComparisonPane() override;

    const RecipeComparisonData &data() const { return m_data; }
    QString toolTipAt(const QPoint &pos) const override;

public slots:
    void setData(const headroom::RecipeComparisonData &data);

protected:
    void rebuild() override;

private:
    RecipeComparisonData m_data;
};

} // namespace headroom
