#pragma once

// A word-wrapped plain-text note that shows the lines its height has room for, the last one
// ended with an ellipsis when more follows, and then its whole text as a tooltip. A chart's
// note sits below a plot that keeps a minimum height; where the pane is short (a laptop screen)
// a plain wrapped label there was laid over the plot's legend instead.

#include <QLabel>
#include <QStringList>

namespace headroom {

class FittedLabel final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FittedLabel)

public:
    explicit FittedLabel(QWidget *parent = nullptr);

    //! Sets the text (QLabel's setText is not virtual: call this one).
    void setText(const QString &text);
    //! The lines drawn at the current size, the last one elided where text is left over.
    QStringList shownLines() const;
    //! Whether some of the text does not fit (the tooltip then holds all of it).
    bool isCut() const;
    //! Its current width (60 average characters before it has one) and every line's height there.
    QSize sizeHint() const override;
    //! Twelve average characters wide and one line high.
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    //! Every line of the text wrapped at \a width (the last width's lines are remembered: the
    //! layout asks for the size hint on every pass, the paint for the lines).
    QStringList wrapped(int width) const;
    //! How many lines \a height has room for: at least one.
    int linesIn(int height) const;
    //! The lines \a all shown in \a height: as many as fit, at least one.
    QStringList fitted(const QStringList &all, int width, int height) const;
    void updateToolTip();

    QString m_text;
    mutable int m_wrappedWidth = -1;
    mutable QStringList m_wrapped;
};

} // namespace headroom
