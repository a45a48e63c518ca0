#include "modelimport.h"

#include <memory>

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QPointer>
#include <QProgressDialog>
#include <QThread>

namespace headroom {

namespace {

class ModelImportText
{
    Q_DECLARE_TR_FUNCTIONS(ModelImportText)
};

} // namespace

HfConfigError readModelInBackground(QWidget *parent, const QString &path, HfModel &out)
{
    ReadControl control;
    QProgressDialog dialog(ModelImportText::tr("Reading the checkpoint's headers in %1…").arg(QDir::toNativeSeparators(path)),
                           ModelImportText::tr("Cancel"), 0, 0, parent);
    dialog.setWindowTitle(ModelImportText::tr("Importing a model"));
    dialog.setWindowModality(Qt::WindowModal);
    // A config alone, or a small checkpoint, is read before the dialog would show.
    dialog.setMinimumDuration(400);
    dialog.setAutoClose(false);
    dialog.setAutoReset(false);
    QObject::connect(&dialog, &QProgressDialog::canceled, &dialog, [&control] { control.cancelled = true; });
    // Called on the worker: the numbers go to the dialog through its event queue (dropped if the
    // dialog is gone by then).
    const QPointer<QProgressDialog> shown(&dialog);
    control.progress = [shown](int done, int total) {
        if (shown)
            QMetaObject::invokeMethod(
                    shown, [shown, done, total] {
                        if (!shown)
                            return;
                        shown->setMaximum(total);
                        shown->setValue(done);
                    },
                    Qt::QueuedConnection);
    };
    HfModel model;
    HfConfigError error;
    std::unique_ptr<QThread> worker(QThread::create([&] { error = readHfConfig(path, QString(), model, &control); }));
    QEventLoop loop;
    QObject::connect(worker.get(), &QThread::finished, &loop, &QEventLoop::quit);
    worker->start();
    loop.exec(); // the window draws; its input waits behind the window-modal dialog
    worker->wait();
    // Reading is over: queued progress calls must not touch the dialog after this.
    control.progress = nullptr;
    if (error.ok())
        out = model;
    return error;
}

} // namespace headroom
