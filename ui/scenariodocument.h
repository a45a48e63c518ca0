#pragma once

// The planner's document: the scenario being planned, its estimate, and the undo history.
// Every edit goes through here as a small QUndoCommand and every change is announced with a
// signal, so panes never talk to each other (Tiled's MapDocument).

#include <functional>
#include <memory>
#include <optional>

#include <QObject>
#include <QString>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/derivation.h>
#include <headroom/io/hfconfig.h>
#include <headroom/io/catalogue.h>
#include <headroom/io/frameworkconfig.h>
#include <headroom/io/scenariofile.h>
#include <headroom/io/measuredfile.h>
#include <headroom/memory/measuredcomparison.h>
#include <headroom/memory/validation.h>

class QUndoStack;

namespace headroom {

/*!
 * Holds two versions of the scenario: the draft, exactly as the user has typed it (it may be
 * invalid: heads that do not divide hidden), and the scenario, the last valid one, which is what
 * every view estimates and shows. A valid draft becomes the scenario at once; an invalid draft
 * leaves the scenario as it was and reports its issues so the form can show them beside the
 * fields.
 */
class ScenarioDocument final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScenarioDocument)

public:
    //! What an edit changes; consecutive edits of the same kind merge into one undo step, so
    //! dragging a slider is undone at once.
    enum class EditKind {
        Preset = 1, Family, Layers, Hidden, Heads, KvHeads, Ffn, Vocab, Params, Tied,
        Batch, Sequence, Recompute, Recipe, Optimizer, GradAccum, ActivationModel,
        Gpu, GpuCount, Zero, Offload, Adapter, LoraRank, Attention, Profile, Dropout,
        HeadDim, Experts, ExpertsPerToken, ExpertFfn, SharedExperts, SharedFfn, DenseLayers,
        TensorParallel, PipelineParallel, ExpertParallel, SequenceParallel, Method,
        ContextParallel, ContextParallelKind,
        SideModel, //!< PPO's reward and value models, distillation's teacher
        Generations, PromptLength, Rollout, RolloutGpus,
        Import, //!< a Hugging Face config read in
        Whole, //!< a whole scenario at once (advice applied); never merged
    };
    Q_ENUM(EditKind)

    //! Undo steps kept: a long session of edits holds at most this many scenarios (a drag is one
    //! step, as its edits merge).
    static constexpr int kUndoLimit = 1000;

    using Change = std::function<void(ScenarioSpec &)>;

    explicit ScenarioDocument(const Catalogue &catalogue, QObject *parent = nullptr);
    ~ScenarioDocument() override;

    const Catalogue &catalogue() const { return m_catalogue; }
    //! The last valid scenario: what is estimated and shown.
    const ScenarioSpec &spec() const { return m_spec; }
    const Scenario &scenario() const { return m_spec.scenario; }
    const Breakdown &breakdown() const { return m_breakdown; }
    //! How every figure of breakdown() comes about (derivation.h): derived on first use after a
    //! change, so that panes hidden behind a tab cost nothing while a slider moves.
    const Derivation &derivation() const;
    //! The scenario as typed; equal to spec() unless issues() is non-empty.
    const ScenarioSpec &draft() const { return m_draft; }
    //! What is wrong with the draft; empty when the draft is the scenario.
    const ValidationIssues &issues() const { return m_issues; }

    QUndoStack *undoStack() const { return m_undoStack; }
    QString fileName() const { return m_fileName; }
    //! Marks the document changed since its file (a scenario restored after a crash): it stays
    //! so until saved, even when every step is undone.
    void markModified();
    bool isModified() const;

    /*!
     * Applies \a change to the draft. When the draft is valid it becomes the scenario (one undo
     * step named \a text). When it is not, the change alone is still applied to the last valid
     * scenario if that is valid (moving the batch slider while a typed head count is wrong still
     * estimates), and the draft's issues are reported. Returns whether the scenario changed.
     */
    bool edit(EditKind kind, const QString &text, const Change &change);

    //! Replaces the scenario by \a spec as one undo step (advice applied); \a spec must be valid.
    bool replace(const ScenarioSpec &spec, const QString &text);

    //! Starts afresh from \a spec and \a pinned (no undo history, unmodified); false if \a spec
    //! or a pinned scenario is invalid, or more than kMaxPinnedScenarios are pinned.
    bool reset(const ScenarioSpec &spec, const QString &fileName = QString(), const QList<PinnedScenario> &pinned = {});

    //! Scenarios pinned beside the current one to compare with it (scenariofile.h), in pinning
    //! order; saved with the document.
    const QList<PinnedScenario> &pinned() const { return m_pinned; }
    bool canPin() const { return m_pinned.size() < kMaxPinnedScenarios; }
    //! Pins the current scenario as \a name (empty: "Pinned 1", "Pinned 2", ...) as one undo
    //! step; false when kMaxPinnedScenarios are pinned already.
    bool pin(const QString &name = QString());
    //! Removes pinned scenario \a index as one undo step.
    bool unpin(int index);
    //! Renames pinned scenario \a index (trimmed, 1 to kMaxPinnedNameLength characters) as one
    //! undo step; false for an empty or too long name.
    bool renamePinned(int index, const QString &name);
    //! Makes pinned scenario \a index the current one (one undo step); the pinned list stays.
    bool restorePinned(int index);

    //! The scenario a fresh window shows: LLaMA-2 7B, B = 1, S = 2048, bf16-master, AdamW,
    //! no checkpointing, one A100 80GB. Falls back to the core defaults for names the
    //! catalogue lacks.
    static ScenarioSpec defaultSpec(const Catalogue &catalogue);

    /*!
     * Reads a scenario file. On success it becomes the document (fresh history); on any error,
     * including a scenario that reads but does not validate, the document is left untouched and
     * \a error says why, in words naming the key or field.
     */
    bool load(const QString &path, QString *error);
    /*!
     * Reads a scenario file as load() does, into a new document without a file name (an example
     * shipped with Headroom): Save asks where to write it, so the shipped file is never written.
     */
    bool loadUntitled(const QString &path, QString *error);
    /*!
     * Reads a Hugging Face config.json, or a folder holding one and its safetensors headers
     * (hfconfig.h), and makes its model the scenario's as one undo step; the rest of the plan
     * stays. On any error the document is untouched and \a error names the file and the key.
     */
    bool importModel(const QString &path, QString *error);
    //! Makes \a model (read by readHfConfig(), possibly on another thread) the scenario's model,
    //! as importModel() does after reading.
    void applyImportedModel(const HfModel &model);
    /*!
     * Reads a training-framework config (frameworkconfig.h: a DeepSpeed JSON, an Accelerate or
     * a torchtune YAML; \a kind, or found from the file) and applies it to the scenario as one
     * undo step. \a report receives what was set and every key left out, with the reason. On any
     * error, a scenario that would not validate included, the document is untouched and \a error
     * names the file and the key.
     */
    bool importTrainingConfig(const QString &path, QString *error, QStringList *report = nullptr,
                              std::optional<FrameworkKind> kind = std::nullopt, FrameworkModel model = FrameworkModel::FromFile);

    //! Saves the scenario atomically; the file name and clean state change only on success.
    bool save(const QString &path, QString *error);

    /*!
     * A check script's measurement (io/measuredfile.h), shown beside the estimate by the step
     * timeline and the math sheet. It is not part of the scenario, its file or its undo history:
     * loading one changes no value of the scenario, and a file that fails to load leaves both the
     * scenario and the measurement shown as they were (\a error says why).
     */
    bool loadMeasured(const QString &path, QString *error);
    //! Shows \a run, read before (the window reopened in another language carries it over).
    void setMeasured(const MeasuredRun &run);
    void clearMeasured();
    bool hasMeasured() const { return m_hasMeasured; }
    const MeasuredRun &measured() const { return m_measured; }
    //! The measurement beside the current estimate (the core's rows; empty without one).
    MeasuredComparison measuredComparison() const;
    //! Whether the measurement ran the scenario now estimated.
    bool measuredIsCurrent() const;
    //! Makes the loaded measurement's own scenario the open one, as one undo step; false when
    //! there is no measurement or it is of the open scenario already.
    bool openMeasuredScenario();

    //! Whether two scenarios are equal in every field the estimate reads.
    static bool sameScenario(const ScenarioSpec &a, const ScenarioSpec &b);

signals:
    //! The valid scenario changed; breakdownChanged follows.
    void scenarioChanged();
    void breakdownChanged(const headroom::Breakdown &breakdown);
    //! The draft changed (the form may show values the scenario does not hold).
    void draftChanged();
    void issuesChanged();
    //! The document was replaced wholesale (new, open): views reset their own state.
    void documentReset();
    void fileNameChanged(const QString &fileName);
    //! The pinned scenarios changed (pinned, removed, renamed, or a new document).
    void pinnedChanged();
    void modifiedChanged(bool modified);
    //! A measurement was loaded or cleared.
    void measuredChanged();

private:
    friend class ScenarioEditCommand;
    friend class PinnedListCommand;
    void setPinned(const QList<PinnedScenario> &pinned);
    //! load() and loadUntitled(): reads \a path; the document then names \a fileName.
    bool loadAs(const QString &path, const QString &fileName, QString *error);
    //! Called by the undo commands: makes \a spec the scenario and, unless \a keepDraft, the draft.
    void applySpec(const ScenarioSpec &spec, bool keepDraft);
    void setIssues(const ValidationIssues &issues);
    void push(EditKind kind, const QString &text, const ScenarioSpec &after);

    const Catalogue &m_catalogue;
    ScenarioSpec m_spec;
    ScenarioSpec m_draft;
    Breakdown m_breakdown;
    mutable std::unique_ptr<Derivation> m_derivation;
    ValidationIssues m_issues;
    QUndoStack *m_undoStack;
    QString m_fileName;
    QList<PinnedScenario> m_pinned;
    bool m_keepDraftOnPush = false;
    MeasuredRun m_measured;
    bool m_hasMeasured = false;
};

} // namespace headroom
