#include "messagebox.h"

namespace headroom {

namespace {

QMessageBox::StandardButton g_nextAnswer = QMessageBox::NoButton;
QString g_lastText;

} // namespace

void MessageBox::setNextAnswer(QMessageBox::StandardButton button)
{
    g_nextAnswer = button;
}

QString MessageBox::lastText()
{
    return g_lastText;
}

QMessageBox::StandardButton MessageBox::show(QMessageBox::Icon icon, QWidget *parent, const QString &title,
                                             const QString &text, QMessageBox::StandardButtons buttons,
                                             QMessageBox::StandardButton defaultButton)
{
    g_lastText = text;
    if (g_nextAnswer != QMessageBox::NoButton) {
        const QMessageBox::StandardButton answer = g_nextAnswer;
        g_nextAnswer = QMessageBox::NoButton;
        return answer;
    }
    QMessageBox box(icon, title, text, buttons, parent);
    box.setDefaultButton(defaultButton);
    return static_cast<QMessageBox::StandardButton>(box.exec());
}

QMessageBox::StandardButton MessageBox::warning(QWidget *parent, const QString &title, const QString &text)
{
    return show(QMessageBox::Warning, parent, title, text, QMessageBox::Ok, QMessageBox::Ok);
}

QMessageBox::StandardButton MessageBox::information(QWidget *parent, const QString &title, const QString &text)
{
    return show(QMessageBox::Information, parent, title, text, QMessageBox::Ok, QMessageBox::Ok);
}

QMessageBox::StandardButton MessageBox::critical(QWidget *parent, const QString &title, const QString &text)
{
    return show(QMessageBox::Critical, parent, title, text, QMessageBox::Ok, QMessageBox::Ok);
}

QMessageBox::StandardButton MessageBox::question(QWidget *parent, const QString &title, const QString &text,
                                                 QMessageBox::StandardButtons buttons,
                                                 QMessageBox::StandardButton defaultButton)
{
    return show(QMessageBox::Question, parent, title, text, buttons, defaultButton);
}

void MessageBox::about(QWidget *parent, const QString &title, const QString &text, const QPixmap &pixmap)
{
    g_lastText = text;
    if (g_nextAnswer != QMessageBox::NoButton) {
        g_nextAnswer = QMessageBox::NoButton;
        return;
    }
    QMessageBox box(parent);
    box.setWindowTitle(title);
    box.setIconPixmap(pixmap);
    box.setTextFormat(Qt::RichText);
    box.setText(text);
    box.exec();
}

} // namespace headroom
