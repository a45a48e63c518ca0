#include "customgpudialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include <headroom/io/gpuspectext.h>

namespace headroom {

namespace {

QString number(double x) { return QString::number(x, 'g', 10); }

} // namespace

CustomGpuDialog::CustomGpuDialog(const GpuSpec *start, const Catalogue &catalogue, QWidget *parent)
    : QDialog(parent), m_catalogue(catalogue)
{
    setWindowTitle(tr("Custom GPU"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("A card outside the catalogue, e.g. torchtitan's 96 GB H100s. The scenario keeps it; "
                                "the command line takes the same figures with --gpu-spec."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    auto field = [this, form](const QString &label, const QString &placeholder, const QString &tip) {
        auto *edit = new QLineEdit(this);
        edit->setPlaceholderText(placeholder);
        edit->setToolTip(tip);
        form->addRow(label, edit);
        return edit;
    };
    m_name = field(tr("&Name:"), tr("e.g. h100-96gb"), tr("Letters, digits, '-', '_' or '.'; not a catalogue kind's id."));
    m_memory = field(tr("&Memory:"), tr("e.g. 96GiB"), tr("As the driver reports it, with its unit: GiB, GB or MiB."));
    m_bf16 = field(tr("&BF16 TFLOP/s:"), tr("e.g. 989.4"), tr("Dense tensor-core rate, without sparsity."));
    m_fp8 = field(tr("&FP8 TFLOP/s:"), tr("optional"), tr("Dense FP8 rate, without sparsity; empty for a card without FP8."));
    m_hbm = field(tr("&HBM bandwidth:"), tr("e.g. 3.35TB/s"), tr("Memory bandwidth with its unit: TB/s or GB/s."));
    m_nvlink = field(tr("N&VLink:"), tr("optional, e.g. 450GB/s"), tr("Per GPU, one direction; empty for none."));
    m_sms = field(tr("&SMs:"), tr("optional, e.g. 132"),
                  tr("Streaming multiprocessors (AMD: compute units): the step time counts the waves a GEMM's tiles "
                     "fill on them; empty to leave that out."));
    m_price = field(tr("&Rent per GPU-hour, USD:"), tr("optional"), tr("For days and cost."));
    layout->addLayout(form);
    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #e0454b;"));
    m_problem->hide();
    layout->addWidget(m_problem);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &CustomGpuDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    if (start) {
        // A card of the catalogue is a starting point under another name; a custom card keeps its own.
        m_name->setText(catalogue.gpu(start->id) ? start->id + QStringLiteral("-custom") : start->id);
        m_memory->setText(countOf(start->capacity) % (1024 * 1024) == 0
                                  ? QStringLiteral("%1MiB").arg(qlonglong(countOf(start->capacity) / (1024 * 1024)))
                                  : QStringLiteral("%1B").arg(qlonglong(countOf(start->capacity))));
        m_bf16->setText(number(start->bf16 ? start->tflopsBf16 : start->tflopsFp16));
        if (start->fp8)
            m_fp8->setText(number(start->tflopsFp8));
        m_hbm->setText(number(start->hbmGBps) + QStringLiteral("GB/s"));
        if (start->nvlinkGBps > 0)
            m_nvlink->setText(number(start->nvlinkGBps) + QStringLiteral("GB/s"));
        if (start->sms > 0)
            m_sms->setText(QString::number(qlonglong(start->sms)));
        m_price->setText(number(start->pricePerHourUsd));
    }
}

QString CustomGpuDialog::specText() const
{
    QStringList parts;
    auto add = [&parts](const char *key, const QLineEdit *edit) {
        const QString v = edit->text().trimmed();
        if (!v.isEmpty())
            parts << QLatin1String(key) + QLatin1Char('=') + v;
    };
    add("name", m_name);
    add("memory", m_memory);
    add("bf16", m_bf16);
    add("fp8", m_fp8);
    add("hbm", m_hbm);
    add("nvlink", m_nvlink);
    add("sms", m_sms);
    add("price", m_price);
    return parts.join(QLatin1Char(','));
}

bool CustomGpuDialog::read(QString &problem)
{
    // A comma inside a field would start another key: refused before parsing.
    for (const QLineEdit *e : { m_name, m_memory, m_bf16, m_fp8, m_hbm, m_nvlink, m_sms, m_price })
        if (e->text().contains(QLatin1Char(',')) || e->text().contains(QLatin1Char('='))) {
            problem = tr("A field holds ',' or '=': give one value per field.");
            return false;
        }
    GpuSpec g;
    if (!parseGpuSpec(specText(), g, problem))
        return false;
    if (m_catalogue.gpu(g.id)) {
        problem = tr("%1 is a catalogue kind: give the card another name, or choose it in the GPU list.").arg(g.id);
        return false;
    }
    m_gpu = g;
    return true;
}

void CustomGpuDialog::accept()
{
    QString problem;
    if (!read(problem)) {
        m_problem->setText(problem);
        m_problem->show();
        return;
    }
    QDialog::accept();
}

} // namespace headroom
