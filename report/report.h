#pragma once

// One scenario's report: the inputs, the estimate and its derivation, the verdict, the GPU table
// and the advice, all computed once by the core (makeReport()), and the charts as drawn by the
// window. The writers (reportwriter.h) only print it, so every format shows the same numbers.

#include <vector>

#include <QByteArray>
#include <QString>

#include <headroom/io/catalogue.h>
#include <headroom/io/hfconfig.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/breakdown.h>
#include <headroom/memory/derivation.h>
#include <headroom/planning/advice.h>
#include <headroom/planning/gpufit.h>
#include <headroom/planning/plansearch.h>

namespace headroom {

//! A chart as a PNG, drawn by the window's chart panes (ui/report/reportcharts.h).
struct ReportChart
{
    QString name;   //!< file stem, e.g. "breakdown" (Markdown writes report-files/breakdown.png)
    QString title;  //!< translated caption
    QByteArray png;
};

struct Report
{
    ScenarioSpec spec;
    const Catalogue *catalogue = nullptr;
    HfModel imported;           //!< what a Hugging Face import found (empty when none)
    Breakdown breakdown;
    Derivation derivation;
    std::vector<Advice> advice; //!< in the article's rescue order (advice.h); empty when it fits
    std::vector<GpuFit> fits;   //!< every catalogue GPU under every strategy (gpufit.h)
    FitTableOptions fitOptions;
    //! The whole-plan search over the catalogue (plansearch.h): its front, fastest first, and the
    //! plan the first page recommends with its runners-up.
    std::vector<SearchedPlan> front;
    PlanSearchResult search;
    PlanPick pick;
    std::vector<ReportChart> charts;
};

/*!
 * Estimates, derives, advises and searches the GPU table for \a spec (which must validate).
 * \a catalogue must outlive the report. The charts are left for the caller to add.
 */
Report makeReport(const ScenarioSpec &spec, const Catalogue &catalogue, const HfModel &imported = {},
                  const FitTableOptions &fitOptions = {});

} // namespace headroom
