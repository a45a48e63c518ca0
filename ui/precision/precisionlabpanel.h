#pragma once

// The precision lab: a side panel that shows how values are stored in FP32/TF32/FP16/BF16/FP8,
// where a distribution of gradient magnitudes falls in each format's range under a loss scale,
// how GradScaler's dynamic scale behaves over a run, and the order of a mixed-precision update.
// It computes through headroom_core and hands plain data to its views.

#include <array>
#include <optional>

#include <QWidget>

#include <headroom/numerics/fp8scaling.h>
#include <headroom/numerics/gradientdistribution.h>
#include <headroom/numerics/lossscaler.h>
#include <headroom/numerics/numberformat.h>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;
class QTabWidget;

namespace headroom {

class BitPatternView;
class DelayedScalingChart;
class LossScaleChart;
class NumberLineView;
class UpdateOrderDiagram;

class PrecisionLabPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PrecisionLabPanel)

public:
    //! The panel's pages, in tab order.
    enum class Page { Formats, GradientRange, LossScaling, UpdateOrder, Fp8Training };

    explicit PrecisionLabPanel(QWidget *parent = nullptr);
    ~PrecisionLabPanel() override;

    //! The value on the formats page; nullopt while the typed text is not a number.
    std::optional<double> value() const { return m_value; }
    //! The log-normal model (also kept while a histogram is in use).
    LogNormalMagnitudes distribution() const { return m_logNormal; }
    bool usesHistogram() const { return m_histogram.has_value(); }
    //! The loss scale on the gradient-range page: 2^lossScaleExponent().
    int lossScaleExponent() const;
    double lossScale() const;
    //! The shares the gradient-range page shows for a storage format at the current scale.
    FormatShares shownShares(NumberFormat format) const;
    //! The last simulated trace on the loss-scaling page.
    const LossScaleTrace &lossScaleTrace() const { return m_trace; }
    //! The applied gradient norm the update-order page shows.
    ClipResult clipResult() const { return m_clip; }
    //! The tensor the FP8 page casts.
    Fp8TensorModel fp8Tensor() const { return m_fp8Tensor; }
    //! What the FP8 page shows for casting that tensor to \a format (E4M3 or E5M2) with \a scaling.
    Fp8CastCounts fp8Counts(NumberFormat format, Fp8Scaling scaling) const;
    //! The last delayed-scaling trace on the FP8 page.
    const DelayedScalingTrace &delayedScalingTrace() const { return m_delayed; }

    NumberLineView *numberLine(NumberFormat format) const;
    BitPatternView *bitPattern(NumberFormat format) const;

public slots:
    /*!
     * Tells the panel which GPU the plan uses, for its recommendation: BF16 where the GPU has
     * BF16 tensor cores, FP16 with a loss scaler otherwise (the article, section 3.4).
     */
    void setGpuSupportsBf16(bool supported, const QString &gpuName);
    //! Encodes \a value on the formats page (as if typed).
    void setValue(double value);
    //! Replaces the gradient distribution by a log-normal one; out-of-range models are refused
    //! with a message on the page. Returns through the page's state, not a value.
    void setDistribution(const headroom::LogNormalMagnitudes &model);
    //! Sets the loss scale on the gradient-range page to 2^exponent (0 to 24).
    void setLossScaleExponent(int exponent);
    //! Reads a histogram of |g| ("lower,upper,count" lines) and lays it over the number lines.
    //! On failure shows why and keeps the current distribution; returns whether it loaded.
    bool loadHistogram(const QString &path);
    //! Goes back from a histogram to the log-normal model.
    void useLogNormal();
    void showPage(headroom::PrecisionLabPanel::Page page);
    //! Casts a new tensor on the FP8 page; an out-of-range model is refused with a message there.
    void setFp8Tensor(const headroom::Fp8TensorModel &model);

signals:
    //! The gradient-range page's shares changed (distribution or loss scale).
    void sharesChanged();
    //! A new loss-scale trace was simulated.
    void traceChanged();
    //! The FP8 page cast a new tensor or simulated a new delayed-scaling trace.
    void fp8Changed();

private:
    QWidget *buildFormatsPage();
    QWidget *buildGradientPage();
    QWidget *buildLossScalePage();
    QWidget *buildUpdateOrderPage();
    QWidget *buildFp8Page();

    void onValueEdited();
    void onExampleChosen(int index);
    void refreshEncodings();
    void onDistributionSlidersMoved();
    void onLossScaleSliderMoved();
    void refreshNumberLines();
    void chooseHistogramFile();
    void applySimulationPreset(int index);
    void rerunSimulation();
    void refreshClip();
    void syncDistributionSliders();
    void applyFp8Preset(int index);
    void onFp8ControlsEdited();
    void refreshFp8();
    void rerunDelayedScaling();

    static constexpr std::size_t kStorageCount = 5;

    struct FormatRow {
        QLabel *name = nullptr;
        BitPatternView *bits = nullptr;
        QLabel *stored = nullptr;
        QLabel *error = nullptr;
        QLabel *valueClass = nullptr;
    };

    QTabWidget *m_tabs = nullptr;
    QLabel *m_recommendation = nullptr;

    // Formats page.
    QLineEdit *m_valueEdit = nullptr;
    QComboBox *m_examples = nullptr;
    QLabel *m_valueProblem = nullptr;
    std::array<FormatRow, 6> m_rows {};
    std::optional<double> m_value;

    // Gradient-range page.
    QSlider *m_medianSlider = nullptr;
    QLabel *m_medianLabel = nullptr;
    QSlider *m_spreadSlider = nullptr;
    QLabel *m_spreadLabel = nullptr;
    QSlider *m_scaleSlider = nullptr;
    QLabel *m_scaleLabel = nullptr;
    QPushButton *m_loadHistogram = nullptr;
    QPushButton *m_useLogNormal = nullptr;
    QLabel *m_sourceLabel = nullptr;
    QLabel *m_distributionProblem = nullptr;
    QLabel *m_rangeSummary = nullptr;
    std::array<NumberLineView *, kStorageCount> m_lines {};
    std::array<FormatShares, kStorageCount> m_shares {};
    LogNormalMagnitudes m_logNormal;
    std::optional<MagnitudeHistogram> m_histogram;
    QString m_histogramName;

    // Loss-scaling page.
    QComboBox *m_simPreset = nullptr;
    QSpinBox *m_steps = nullptr;
    QComboBox *m_simFormat = nullptr;
    QSpinBox *m_growthInterval = nullptr;
    QSpinBox *m_initScaleExponent = nullptr;
    QDoubleSpinBox *m_maxGradient = nullptr;
    QDoubleSpinBox *m_noise = nullptr;
    QDoubleSpinBox *m_spikePercent = nullptr;
    QDoubleSpinBox *m_spikeFactor = nullptr;
    QCheckBox *m_blowUp = nullptr;
    QSpinBox *m_blowUpStep = nullptr;
    QDoubleSpinBox *m_blowUpRate = nullptr;
    QSpinBox *m_seed = nullptr;
    LossScaleChart *m_chart = nullptr;
    QLabel *m_traceSummary = nullptr;
    QLabel *m_diagnostics = nullptr;
    LossScaleTrace m_trace;

    // Update-order page.
    QCheckBox *m_clipFirst = nullptr;
    UpdateOrderDiagram *m_diagram = nullptr;
    QDoubleSpinBox *m_trueNorm = nullptr;
    QDoubleSpinBox *m_maxNorm = nullptr;
    QSpinBox *m_clipScaleExponent = nullptr;
    QLabel *m_clipResultLabel = nullptr;
    ClipResult m_clip {};

    // FP8 page: casts of one tensor (rows: E4M3 then E5M2, each per tensor, per row, MX).
    static constexpr std::size_t kFp8Casts = 6;
    static constexpr std::size_t kFp8Columns = 4;
    QComboBox *m_fp8Preset = nullptr;
    QDoubleSpinBox *m_fp8Median = nullptr;
    QDoubleSpinBox *m_fp8Spread = nullptr;
    QDoubleSpinBox *m_fp8RowSpread = nullptr;
    QLabel *m_fp8Problem = nullptr;
    std::array<std::array<QLabel *, kFp8Columns>, kFp8Casts> m_fp8Cells {};
    std::array<Fp8CastCounts, kFp8Casts> m_fp8Counts {};
    Fp8TensorModel m_fp8Tensor;
    QSpinBox *m_historyLength = nullptr;
    QSpinBox *m_margin = nullptr;
    QSpinBox *m_delayedSteps = nullptr;
    QComboBox *m_delayedFormat = nullptr;
    QDoubleSpinBox *m_delayedNoise = nullptr;
    QDoubleSpinBox *m_delayedSpikePercent = nullptr;
    QDoubleSpinBox *m_delayedSpikeFactor = nullptr;
    QSpinBox *m_delayedSeed = nullptr;
    DelayedScalingChart *m_delayedChart = nullptr;
    QLabel *m_delayedSummary = nullptr;
    DelayedScalingTrace m_delayed;
};

} // namespace headroom
