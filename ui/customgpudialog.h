#pragma once

// A GPU outside the catalogue, entered in the window: its memory, dense rates, memory bandwidth,
// NVLink and price as fields, read by the same parser as `--gpu-spec` (gpuspectext.h) so that
// both refuse the same values with the same words, and saved in the scenario as gpu.spec.

#include <QDialog>

#include <headroom/hardware/gpuspec.h>
#include <headroom/io/catalogue.h>

class QLabel;
class QLineEdit;

namespace headroom {

class CustomGpuDialog : public QDialog
{
    Q_OBJECT

public:
    //! Starts from \a start (the scenario's card, or an empty form); \a catalogue's ids are taken.
    CustomGpuDialog(const GpuSpec *start, const Catalogue &catalogue, QWidget *parent = nullptr);

    //! The card as entered, valid once the dialog is accepted.
    const GpuSpec &gpu() const { return m_gpu; }

    //! The --gpu-spec text of the fields (empty fields left out); public for the tests.
    QString specText() const;
    //! Reads the fields: true and the card, or false and the message shown under them.
    bool read(QString &problem);

private:
    void accept() override;

    const Catalogue &m_catalogue;
    GpuSpec m_gpu;
    QLineEdit *m_name, *m_memory, *m_bf16, *m_fp8, *m_hbm, *m_nvlink, *m_sms, *m_price;
    QLabel *m_problem;
};

} // namespace headroom
