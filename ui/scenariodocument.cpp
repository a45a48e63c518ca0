#include "scenariodocument.h"

#include <algorithm>

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonObject>
#include <QUndoCommand>
#include <QUndoStack>

#include <headroom/io/hfconfig.h>
#include <headroom/io/hfconfigtext.h>
#include <headroom/io/measuredfiletext.h>
#include <headroom/memory/estimate.h>

#include "labels.h"

namespace headroom {

namespace {

// Edits of the same kind closer together than this merge into one undo step: one drag of a
// slider, or a burst of arrow-key presses, is undone at once; a later edit is its own step.
constexpr qint64 kMergeWindowMs = 1500;

} // namespace

class ScenarioEditCommand final : public QUndoCommand
{
public:
    ScenarioEditCommand(ScenarioDocument *document, ScenarioDocument::EditKind kind, const QString &text,
                        const ScenarioSpec &before, const ScenarioSpec &after)
        : QUndoCommand(text), m_document(document), m_kind(kind), m_before(before), m_after(after)
    {
        m_clock.start();
    }

    void undo() override { m_document->applySpec(m_before, false); }
    void redo() override { m_document->applySpec(m_after, m_document->m_keepDraftOnPush); }

    int id() const override
    {
        return m_kind == ScenarioDocument::EditKind::Whole ? -1 : static_cast<int>(m_kind);
    }

    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *next = static_cast<const ScenarioEditCommand *>(other);
        if (next->m_kind != m_kind || m_clock.elapsed() > kMergeWindowMs)
            return false;
        m_after = next->m_after;
        m_clock.start();
        setObsolete(ScenarioDocument::sameScenario(m_before, m_after));
        return true;
    }

private:
    ScenarioDocument *m_document;
    ScenarioDocument::EditKind m_kind;
    ScenarioSpec m_before;
    ScenarioSpec m_after;
    QElapsedTimer m_clock;
};

// Pinning, unpinning and renaming change the list beside the scenario, never the scenario.
class PinnedListCommand final : public QUndoCommand
{
public:
    PinnedListCommand(ScenarioDocument *document, const QString &text, const QList<PinnedScenario> &before,
                      const QList<PinnedScenario> &after)
        : QUndoCommand(text), m_document(document), m_before(before), m_after(after)
    {
    }

    void undo() override { m_document->setPinned(m_before); }
    void redo() override { m_document->setPinned(m_after); }

private:
    ScenarioDocument *m_document;
    QList<PinnedScenario> m_before;
    QList<PinnedScenario> m_after;
};

ScenarioDocument::ScenarioDocument(const Catalogue &catalogue, QObject *parent)
    : QObject(parent), m_catalogue(catalogue), m_undoStack(new QUndoStack(this))
{
    m_undoStack->setUndoLimit(kUndoLimit);
    m_spec = defaultSpec(catalogue);
    m_draft = m_spec;
    m_breakdown = estimate(m_spec.scenario);
    connect(m_undoStack, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

ScenarioDocument::~ScenarioDocument() = default;

bool ScenarioDocument::isModified() const
{
    return !m_undoStack->isClean();
}

ScenarioSpec ScenarioDocument::defaultSpec(const Catalogue &catalogue)
{
    ScenarioSpec spec = realisticDefaults();
    const QString presetId = catalogue.preset(QStringLiteral("llama-2-7b")) || catalogue.presets.isEmpty()
            ? QStringLiteral("llama-2-7b")
            : catalogue.presets.constFirst().id;
    const QString gpuId = catalogue.gpu(QStringLiteral("a100-80gb")) || catalogue.gpus.isEmpty()
            ? QStringLiteral("a100-80gb")
            : catalogue.gpus.constFirst().id;
    QJsonObject model;
    if (catalogue.preset(presetId))
        model.insert(QStringLiteral("preset"), presetId);
    QJsonObject gpu{ { QStringLiteral("count"), 1 } };
    if (catalogue.gpu(gpuId))
        gpu.insert(QStringLiteral("kind"), gpuId);
    const QJsonObject root{
        { QStringLiteral("schema"), kScenarioSchema },
        { QStringLiteral("model"), model },
        { QStringLiteral("training"),
          QJsonObject{ { QStringLiteral("batch"), 1 },
                       { QStringLiteral("seq"), 2048 },
                       { QStringLiteral("recipe"), QStringLiteral("bf16-master") },
                       { QStringLiteral("optimizer"), QStringLiteral("adamw") },
                       { QStringLiteral("recompute"), QStringLiteral("none") } } },
        { QStringLiteral("gpu"), gpu },
    };
    applyScenarioJson(root, catalogue, spec);
    if (!validate(spec.scenario).empty()) {
        // An empty catalogue leaves no model: a small GPT-2-shaped one keeps every view meaningful.
        spec.scenario.model = ModelSpec{};
        spec.scenario.model.family = BlockFamily::Gpt2;
        spec.scenario.model.layers = 12;
        spec.scenario.model.hidden = 768;
        spec.scenario.model.heads = 12;
        spec.scenario.model.vocab = 50257;
        spec.scenario.model.maxPositions = 1024;
        spec.scenario.model.tiedEmbeddings = true;
        spec.presetId.clear();
    }
    return spec;
}

const Derivation &ScenarioDocument::derivation() const
{
    if (!m_derivation)
        m_derivation = std::make_unique<Derivation>(derive(m_spec.scenario));
    return *m_derivation;
}

void ScenarioDocument::applySpec(const ScenarioSpec &spec, bool keepDraft)
{
    m_spec = spec;
    m_breakdown = estimate(m_spec.scenario);
    m_derivation.reset();
    if (!keepDraft) {
        m_draft = spec;
        setIssues({});
    }
    emit scenarioChanged();
    emit breakdownChanged(m_breakdown);
    emit draftChanged();
}

void ScenarioDocument::setIssues(const ValidationIssues &issues)
{
    const bool changed = issues.size() != m_issues.size() || !m_issues.empty() || !issues.empty();
    m_issues = issues;
    if (changed)
        emit issuesChanged();
}

void ScenarioDocument::push(EditKind kind, const QString &text, const ScenarioSpec &after)
{
    m_undoStack->push(new ScenarioEditCommand(this, kind, text, m_spec, after));
}

bool ScenarioDocument::edit(EditKind kind, const QString &text, const Change &change)
{
    ScenarioSpec draft = m_draft;
    change(draft);
    m_draft = draft;
    const ValidationIssues draftIssues = validate(draft.scenario);
    if (draftIssues.empty()) {
        setIssues({});
        if (sameScenario(draft, m_spec)) {
            emit draftChanged();
            return false;
        }
        push(kind, text, draft);
        return true;
    }

    // The form holds an invalid value elsewhere: keep it on screen, and still apply this one
    // change to the last valid scenario when that alone is valid.
    ScenarioSpec single = m_spec;
    change(single);
    bool changed = false;
    if (!sameScenario(single, m_spec) && validate(single.scenario).empty()) {
        m_keepDraftOnPush = true;
        push(kind, text, single);
        m_keepDraftOnPush = false;
        changed = true;
    }
    setIssues(draftIssues);
    emit draftChanged();
    return changed;
}

bool ScenarioDocument::replace(const ScenarioSpec &spec, const QString &text)
{
    if (!validate(spec.scenario).empty() || sameScenario(spec, m_spec))
        return false;
    push(EditKind::Whole, text, spec);
    return true;
}

bool ScenarioDocument::reset(const ScenarioSpec &spec, const QString &fileName, const QList<PinnedScenario> &pinned)
{
    if (!validate(spec.scenario).empty() || pinned.size() > kMaxPinnedScenarios)
        return false;
    for (const PinnedScenario &p : pinned)
        if (!validate(p.spec.scenario).empty())
            return false;
    m_undoStack->clear();
    applySpec(spec, false);
    setPinned(pinned);
    m_undoStack->setClean();
    if (m_fileName != fileName) {
        m_fileName = fileName;
        emit fileNameChanged(m_fileName);
    }
    emit documentReset();
    return true;
}

void ScenarioDocument::markModified()
{
    m_undoStack->resetClean();
}

void ScenarioDocument::setPinned(const QList<PinnedScenario> &pinned)
{
    m_pinned = pinned;
    emit pinnedChanged();
}

bool ScenarioDocument::pin(const QString &name)
{
    if (!canPin())
        return false;
    QString chosen = name.trimmed().left(kMaxPinnedNameLength);
    if (chosen.isEmpty()) {
        // The first free "Pinned n": names stay distinct after one is removed.
        for (int n = 1; chosen.isEmpty(); ++n) {
            //: the default name of a scenario pinned for comparison
            const QString candidate = tr("Pinned %1").arg(n);
            if (std::none_of(m_pinned.cbegin(), m_pinned.cend(), [&](const PinnedScenario &p) { return p.name == candidate; }))
                chosen = candidate;
        }
    }
    QList<PinnedScenario> after = m_pinned;
    after.append({ chosen, m_spec });
    m_undoStack->push(new PinnedListCommand(this, tr("Pin %1").arg(chosen), m_pinned, after));
    return true;
}

bool ScenarioDocument::unpin(int index)
{
    if (index < 0 || index >= m_pinned.size())
        return false;
    QList<PinnedScenario> after = m_pinned;
    after.removeAt(index);
    m_undoStack->push(new PinnedListCommand(this, tr("Remove %1").arg(m_pinned.at(index).name), m_pinned, after));
    return true;
}

bool ScenarioDocument::renamePinned(int index, const QString &name)
{
    const QString trimmed = name.trimmed();
    if (index < 0 || index >= m_pinned.size() || trimmed.isEmpty() || trimmed.size() > kMaxPinnedNameLength
        || trimmed == m_pinned.at(index).name)
        return false;
    QList<PinnedScenario> after = m_pinned;
    after[index].name = trimmed;
    m_undoStack->push(new PinnedListCommand(this, tr("Rename %1 to %2").arg(m_pinned.at(index).name, trimmed), m_pinned,
                                            after));
    return true;
}

bool ScenarioDocument::restorePinned(int index)
{
    if (index < 0 || index >= m_pinned.size())
        return false;
    return replace(m_pinned.at(index).spec, tr("Go back to %1").arg(m_pinned.at(index).name));
}

bool ScenarioDocument::load(const QString &path, QString *error)
{
    return loadAs(path, path, error);
}

bool ScenarioDocument::loadUntitled(const QString &path, QString *error)
{
    return loadAs(path, QString(), error);
}

bool ScenarioDocument::loadAs(const QString &path, const QString &fileName, QString *error)
{
    // A file describes a whole scenario: it starts from the core's defaults, not from whatever
    // the window shows, so the same file always gives the same scenario.
    ScenarioSpec loaded = realisticDefaults();
    QList<PinnedScenario> pinned;
    const ScenarioError e = readScenarioFile(path, m_catalogue, loaded, &pinned);
    if (!e.ok()) {
        if (error)
            *error = Labels::scenarioError(e);
        return false;
    }
    const ValidationIssues issues = validate(loaded.scenario);
    if (!issues.empty()) {
        if (error) {
            QStringList lines;
            for (const ValidationIssue &i : issues)
                lines << Labels::issue(i, loaded.scenario);
            *error = tr("%1 describes an invalid scenario:\n%2").arg(path, lines.join(QLatin1Char('\n')));
        }
        return false;
    }
    for (const PinnedScenario &p : pinned) {
        const ValidationIssues pinnedIssues = validate(p.spec.scenario);
        if (!pinnedIssues.empty()) {
            if (error) {
                QStringList lines;
                for (const ValidationIssue &i : pinnedIssues)
                    lines << Labels::issue(i, p.spec.scenario);
                //: %2 the pinned scenario's name
                *error = tr("%1: the pinned scenario \"%2\" is invalid:\n%3").arg(path, p.name, lines.join(QLatin1Char('\n')));
            }
            return false;
        }
    }
    return reset(loaded, fileName, pinned);
}

bool ScenarioDocument::importModel(const QString &path, QString *error)
{
    HfModel model;
    const HfConfigError e = readHfConfig(path, QString(), model);
    if (!e.ok()) {
        if (error)
            *error = hfConfigErrorText(e);
        return false;
    }
    applyImportedModel(model);
    return true;
}

void ScenarioDocument::applyImportedModel(const HfModel &model)
{
    const QString name = model.name.left(120);
    edit(EditKind::Import, tr("Import %1").arg(name), [&model, &name](ScenarioSpec &s) {
        takeModel(s, model.model);
        s.presetId.clear();
        s.modelName = name;
        // The config's dropout is the one the model trains with.
        s.scenario.activations.dropout = model.dropout;
        // A quantized checkpoint's format is the frozen base's under QLoRA.
        if (model.hasQuantBase) {
            s.scenario.stack.quantBase = model.quantBase;
            s.scenario.stack.quantGroupSize = model.quantGroupSize;
        }
        s.imported = ImportedModel{ model.modelType, model.checkpoint, hfImportReport(model) };
    });
}

bool ScenarioDocument::loadMeasured(const QString &path, QString *error)
{
    MeasuredRun run;
    const MeasuredFileError e = readMeasuredFile(path, m_catalogue, run);
    if (!e.ok()) {
        if (error)
            *error = measuredErrorText(e);
        return false;
    }
    setMeasured(run);
    return true;
}

void ScenarioDocument::setMeasured(const MeasuredRun &run)
{
    m_measured = run;
    m_hasMeasured = true;
    emit measuredChanged();
}

void ScenarioDocument::clearMeasured()
{
    if (!m_hasMeasured)
        return;
    m_measured = MeasuredRun();
    m_hasMeasured = false;
    emit measuredChanged();
}

MeasuredComparison ScenarioDocument::measuredComparison() const
{
    if (!m_hasMeasured)
        return {};
    return compareMeasured(m_spec.scenario, m_breakdown, m_measured.figures);
}

bool ScenarioDocument::measuredIsCurrent() const
{
    return m_hasMeasured && sameScenario(m_spec, m_measured.scenario);
}

bool ScenarioDocument::openMeasuredScenario()
{
    if (!m_hasMeasured || measuredIsCurrent())
        return false;
    return replace(m_measured.scenario, tr("Open the measured scenario"));
}

bool ScenarioDocument::importTrainingConfig(const QString &path, QString *error, QStringList *report,
                                            std::optional<FrameworkKind> kind, FrameworkModel model)
{
    FrameworkKind found = FrameworkKind::DeepSpeed;
    FrameworkError e = kind ? FrameworkError() : detectFrameworkKind(path, found);
    FrameworkImport import;
    if (e.ok())
        e = readFrameworkConfig(kind.value_or(found), path, m_spec.scenario, import);
    ScenarioSpec spec = m_spec;
    if (e.ok())
        e = applyFrameworkImport(import, m_catalogue, spec, model);
    if (!e.ok()) {
        if (error)
            *error = e.text();
        return false;
    }
    const ValidationIssues issues = validate(spec.scenario);
    if (!issues.empty()) {
        if (error) {
            QStringList lines;
            for (const ValidationIssue &i : issues)
                lines << Labels::issue(i, spec.scenario);
            *error = tr("%1 would make the scenario invalid:\n%2").arg(path, lines.join(QLatin1Char('\n')));
        }
        return false;
    }
    if (report)
        *report = frameworkImportReport(import);
    // One undo step; a config that changes nothing leaves the history as it was.
    replace(spec, tr("Import %1").arg(QFileInfo(path).fileName()));
    return true;
}

bool ScenarioDocument::save(const QString &path, QString *error)
{
    const ScenarioError e = writeScenarioFile(path, m_spec, m_pinned);
    if (!e.ok()) {
        if (error)
            *error = Labels::scenarioError(e);
        return false;
    }
    m_undoStack->setClean();
    if (m_fileName != path) {
        m_fileName = path;
        emit fileNameChanged(m_fileName);
    }
    return true;
}

bool ScenarioDocument::sameScenario(const ScenarioSpec &x, const ScenarioSpec &y)
{
    // The file form names every value the estimate reads (a scenario that saves and reopens is
    // the same scenario), so comparing it cannot miss a field added later; the GPU's capacity
    // and BF16 support follow from its kind but are compared too, for a catalogue that changed.
    return x.scenario.gpu.capacity == y.scenario.gpu.capacity && x.scenario.gpu.supportsBf16 == y.scenario.gpu.supportsBf16
            && x.scenario.gpu.supportsFp8 == y.scenario.gpu.supportsFp8
            && x.imported.modelType == y.imported.modelType && scenarioToJson(x) == scenarioToJson(y);
}

} // namespace headroom
