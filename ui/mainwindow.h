#pragma once

// The planner window. It wires the document to the panes and the menus to the document; the
// panes own their behaviour (Tiled's MainWindow/MapDocument split).

#include <algorithm>
#include <optional>

#include <QMainWindow>

#include <headroom/io/frameworkconfig.h>

#include "autosave.h"
#include "byteformat.h"

class QAction;
class QDockWidget;
class QMenu;

namespace headroom {

struct Catalogue;
class ChartsArea;
class DoctorPane;
class InputPane;
class MathPane;
class PrecisionLabPanel;
class ScenarioDocument;
class Settings;
class VerdictPane;

class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    MainWindow(const Catalogue &catalogue, Settings &settings, QWidget *parent = nullptr);
    ~MainWindow() override;

    ScenarioDocument *document() const { return m_document; }
    InputPane *inputPane() const { return m_inputs; }
    ChartsArea *charts() const { return m_charts; }
    MathPane *mathPane() const { return m_math; }
    VerdictPane *verdictPane() const { return m_verdict; }
    DoctorPane *doctorPane() const { return m_doctor; }
    PrecisionLabPanel *precisionLab() const { return m_precision; }
    //! Runs every pane refresh still waiting for the next event-loop turn, now (tests, and a
    //! screenshot about to be taken): panes coalesce changes into one refresh per turn. The GPU
    //! table, fitted on the thread pool, is waited for when it is on screen.
    void flushRefreshes();

    //! The names --panel accepts.
    static QStringList panelNames();
    //! The widget a screenshot of panel \a name grabs (made visible first); null if unknown.
    QWidget *panel(const QString &name);

    //! Restores geometry, dock layout and the last scenario from the settings.
    void restoreSession();
    /*!
     * Shows the window as it first opens: a restored geometry as it was; otherwise maximized by
     * the window manager where 1920 x 1080 and a frame do not fit the available area (every
     * screen below kCompactWidth wide among them), so that the frame never pushes the bottom of
     * the window off the screen; windowed at 1920 x 1080 on larger screens.
     */
    void showFitted();
    //! Whether closing writes geometry and the scenario back (off for scripted screenshots).
    void setRemembersSession(bool remember) { m_remembersSession = remember; }
    /*!
     * Writes the scenario to a file of this window's own in \a folder a few seconds after each
     * change (autosave.h) until the window closes cleanly and its session is written, which
     * removes it. Off unless started (screenshots, checks, tests).
     */
    void startAutosave(const QString &folder);
    /*!
     * Offers the newest autosave in the autosave's folder that a process no longer running left
     * (offerRecovery()); the autosaves of windows still open are left alone. A restored one is
     * removed once this window's own autosave holds it. Returns whether a scenario was restored.
     */
    bool offerOrphanedAutosave();
    /*!
     * Shows the window in \a language ("" for the system's) without restarting: installs its
     * catalogue and opens a new window with this one's scenario, pinned scenarios, measurement,
     * file name, layout, units and palette, then closes this one (the undo history starts
     * afresh). Returns the new window (deleted when it closes), null when \a language is not
     * available.
     */
    MainWindow *reopenInLanguage(const QString &language);
    Autosave *autosave() const { return m_autosave; }
    /*!
     * If the last run left an autosave at \a path (it did not close cleanly), asks whether to
     * restore it. Returns whether a scenario was restored. An autosave that cannot be read is
     * said so and moved aside, so it is not offered again.
     */
    bool offerRecovery(const QString &path);
    //! Puts \a recovery on screen as the document (marked changed), in one step.
    void restoreRecovery(const Autosave::Recovery &recovery);

    //! Opens \a path; on failure says why and leaves the scenario as it was.
    bool openFile(const QString &path);
    //! Saves to \a path atomically; on failure says why.
    bool saveFile(const QString &path);
    /*!
     * Imports the Hugging Face model at \a path (a config.json, or a folder holding one and its
     * safetensors files) into the scenario; on failure says why and leaves the scenario as it was.
     */
    bool importModel(const QString &path);
    /*!
     * Imports the training-framework config at \a path (DeepSpeed, Accelerate or torchtune;
     * \a kind, or found from the file) into the scenario as one undo step and shows what it set
     * and left out; on failure says why and leaves the scenario as it was.
     */
    bool importTrainingConfig(const QString &path, std::optional<headroom::FrameworkKind> kind = std::nullopt,
                              headroom::FrameworkModel model = headroom::FrameworkModel::FromFile);
    /*!
     * What a drop of \a path does: a folder or a model config is imported, a scenario file
     * (it has "schema") is opened. Returns whether it was understood and done.
     */
    bool openDropped(const QString &path);
    /*!
     * Loads a check script's measurement (headroom-cli check-script) to show beside the estimate
     * on the step timeline and the math sheet; on failure says why, and the scenario and any
     * measurement shown stay as they were.
     */
    bool loadMeasured(const QString &path);
    /*!
     * File › Export Report without the dialog: the scenario's report, in the format \a path's
     * suffix names (.md with its PNGs beside it, .pdf, .csv, .json), written atomically; on
     * failure says why in a message box and leaves nothing behind.
     */
    bool exportReport(const QString &path);

    DisplayUnit displayUnit() const { return m_unit; }
    bool isDarkPalette() const { return m_dark; }

    //! Below this width the panels share the left dock with the inputs, as tabs, so that the
    //! charts keep the rest of a laptop screen; also below the width the panels need side by
    //! side (compactBelow()).
    static constexpr int kCompactWidth = 1600;
    //! The width below which the window is compact: kCompactWidth, or more where the inputs,
    //! the charts and the right-hand panels together need more across.
    int compactBelow() const { return std::max(kCompactWidth, m_wideMinimumWidth); }
    static constexpr int kMaxRecentFiles = 8;
    //! File › Open Recent's files, the latest first.
    QStringList recentFiles() const;
    bool isCompact() const { return m_compact; }

public slots:
    void setDisplayUnit(headroom::DisplayUnit unit);
    void setDarkPalette(bool dark);

protected:
    void closeEvent(QCloseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createDocks();
    void createMenus();
    void updateTitle();
    void newScenario();
    void openScenario();
    void importConfig();
    void importTrainingConfigFile();
    void loadMeasuredDialog();
    bool save();
    bool saveAs();
    void exportChart(int index);
    void exportReportDialog();
    bool confirmDiscard();
    void focusDock(QDockWidget *dock, QWidget *focus);
    //! Puts \a path first in File › Open Recent (kMaxRecentFiles at most).
    void rememberRecentFile(const QString &path);
    void updateRecentMenu();
    void openRecent(const QString &path);
    //! Puts the math, doctor and lab panels beside the inputs (compact) or on the right.
    //! \a force: arrange even when the mode is unchanged (a restored state put them elsewhere).
    void arrangeDocks(bool compact, bool force = false);
    /*!
     * The panels' minimum widths from their contents, the width the wide arrangement needs and
     * the window's minimum width: the compact arrangement's, set on the window itself. Left to
     * its layout, a window laid out wide could not be made narrower than the wide arrangement
     * (about 1,700 px), so could never become compact again: once maximized on a large screen,
     * it would not shrink back onto a laptop's.
     */
    void fitPanelMinima();

    Settings &m_settings;
    ScenarioDocument *m_document;
    InputPane *m_inputs = nullptr;
    ChartsArea *m_charts = nullptr;
    MathPane *m_math = nullptr;
    VerdictPane *m_verdict = nullptr;
    DoctorPane *m_doctor = nullptr;
    PrecisionLabPanel *m_precision = nullptr;
    QDockWidget *m_inputDock = nullptr;
    QDockWidget *m_mathDock = nullptr;
    QDockWidget *m_doctorDock = nullptr;
    QDockWidget *m_precisionDock = nullptr;
    QAction *m_darkAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    QAction *m_gbAction = nullptr;
    QAction *m_gibAction = nullptr;
    DisplayUnit m_unit = DisplayUnit::Binary;
    bool m_dark = false;
    bool m_remembersSession = true;
    bool m_geometryRestored = false; //!< restoreSession() brought back a saved geometry
    Autosave *m_autosave = nullptr;
    //! The session could not be written on closing: the autosave is kept (written now) for the
    //! next start, and the user is told where the scenario is (autosaverecovery.cpp).
    void keepAutosaveForFailedSession();
    bool m_compact = false;
    int m_wideMinimumWidth = 0; //!< what the wide arrangement needs across (fitPanelMinima())
};

} // namespace headroom
