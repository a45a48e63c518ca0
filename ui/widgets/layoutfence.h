#pragma once

// A container that tells the layouts above it about its child only when the child's size hints
// changed. Qt re-lays out every ancestor up to the window whenever a label's text is set, even
// when nothing changes size (QLayout::activate ends in updateGeometry(), "ideally only if
// sizeHint() or sizePolicy() has changed"); a pane whose text changes on every slider step would
// re-lay out the whole main window, docks and all, on every step. Behind a fence it re-lays out
// itself, and the window only when the pane needs another height.
//
// While the child keeps changing (a slider drag), a fence can also hold its height: it grows at
// once when the child needs more, but gives space back only once the child has been still for a
// moment, so what is below does not jump up and down (and re-lay out) on every step.

#include <QTimer>
#include <QWidget>

namespace headroom {

class LayoutFence final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LayoutFence)

public:
    //! Fences \a child, which becomes the fence's child and fills it: while a height is held, its
    //! layout should keep its content at the top (a stretch below it).
    explicit LayoutFence(QWidget *child, QWidget *parent = nullptr);

    //! Keep the height while the child changes, and shrink only after \a stillMs without a change
    //! (0: shrink at once, the default).
    void setShrinkDelay(int stillMs);

    QWidget *child() const { return m_child; }
    //! How many times the child's new hints were passed on (tests).
    int passedOn() const { return m_passedOn; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

protected:
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Hints
    {
        int preferredHeight = 0; //!< the size hint's width does not matter to the layout above
        QSize minimum;
        int heightHere = -1;
        QSizePolicy policy;
        bool operator==(const Hints &) const = default;
    };
    Hints hintsNow() const;
    //! The child laid itself out again: pass it on only if its hints moved.
    void childRelaidOut();
    void passOn(const Hints &now);
    //! The child's height at the fence's width (its size hint's without height-for-width).
    int neededHeight() const;
    void shrink();

    QWidget *m_child;
    Hints m_hints;
    //! The hints were not passed on while the height at other widths may have moved: the next
    //! resize passes them on.
    bool m_unsure = false;
    int m_passedOn = 0;
    int m_heldHeight = 0; //!< the height kept while the child changes; 0: none
    QTimer m_shrink;
};

} // namespace headroom
