#pragma once

// The one way the planner asks or tells the user something modal, so tests can answer it
// (KeePassXC's MessageBox::setNextAnswer()).

#include <QMessageBox>
#include <QPixmap>
#include <QString>

namespace headroom {

class MessageBox final
{
public:
    MessageBox() = delete;

    //! The next call answers \a button at once, without showing anything (tests).
    static void setNextAnswer(QMessageBox::StandardButton button);
    //! The text of the last message shown or answered (tests).
    static QString lastText();

    static QMessageBox::StandardButton warning(QWidget *parent, const QString &title, const QString &text);
    static QMessageBox::StandardButton information(QWidget *parent, const QString &title, const QString &text);
    static QMessageBox::StandardButton critical(QWidget *parent, const QString &title, const QString &text);
    static QMessageBox::StandardButton question(QWidget *parent, const QString &title, const QString &text,
                                                QMessageBox::StandardButtons buttons,
                                                QMessageBox::StandardButton defaultButton);
    //! An information box with \a pixmap for its icon and rich \a text (Help › About).
    static void about(QWidget *parent, const QString &title, const QString &text, const QPixmap &pixmap);

private:
    static QMessageBox::StandardButton show(QMessageBox::Icon icon, QWidget *parent, const QString &title,
                                            const QString &text, QMessageBox::StandardButtons buttons,
                                            QMessageBox::StandardButton defaultButton);
};

} // namespace headroom
