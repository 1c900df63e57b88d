"""A grid of small panels laid out from a few measured labels, not from every label of every panel.

Matplotlib's constrained layout measures each tick label of each panel (about
a hundred in the metrics figure's twelve), twice: half a second of a
report's five on the machines we measure. The panels of a grid share their
x labels (the arms) and differ only in their y numbers, so the room between
them follows from the widest y label of each panel and the tallest x label,
measured once each, and from the heading and the panels' title of most lines.
"""

from __future__ import annotations

from typing import Any

from matplotlib import rcParams
from matplotlib.text import Text

PAD = 3 / 72  # inches kept clear around every label: the constrained layout's pad
POINT = 1 / 72  # inches


def lay_out_grid(fig: Any, axes: list[list[Any]], heading: Text) -> None:
    """Set the margins and gaps of `fig`'s grid of panels `axes` (rows of columns, every panel drawn,
    switched-off ones included) under its `heading` (its suptitle, moved to the top) so that no label
    overlaps another or leaves the figure."""
    renderer = fig.canvas.get_renderer()
    shown = [ax for row in axes for ax in row if ax.axison]
    y_width = max(_y_label_width(ax, renderer) for ax in shown)
    x_height = max(_x_label_height(ax, renderer) for ax in shown)
    title = _lines_height([ax.title for ax in shown], renderer)
    width, height = fig.get_size_inches()
    heading.set_y(1 - PAD / height)
    heading.set_verticalalignment("top")
    rows, cols = len(axes), len(axes[0])
    left, right = y_width + PAD, PAD
    top, bottom = _lines_height([heading], renderer) + title + 2 * PAD, x_height + PAD
    gap_x, gap_y = y_width + 2 * PAD, x_height + title + 2 * PAD
    panel_w = (width - left - right - (cols - 1) * gap_x) / cols
    panel_h = (height - top - bottom - (rows - 1) * gap_y) / rows
    fig.subplots_adjust(
        left=left / width,
        right=1 - right / width,
        top=1 - top / height,
        bottom=bottom / height,
        wspace=gap_x / panel_w,
        hspace=gap_y / panel_h,
    )


def _y_label_width(ax: Any, renderer: Any) -> float:
    """Inches from the panel's left edge to the left end of its widest y tick label."""
    axis = ax.yaxis
    low, high = sorted(ax.get_ylim())
    locs = [loc for loc in axis.get_majorticklocs() if low <= loc <= high]
    labels = axis.get_major_formatter().format_ticks(locs)
    if not labels:
        return 0.0
    tick = axis.get_major_ticks()[0]
    widest = max(labels, key=len)  # digits share one width in the report's fonts
    text = Text(0, 0, widest, fontproperties=tick.label1.get_fontproperties(), figure=ax.figure)
    inches = text.get_window_extent(renderer).width / ax.figure.dpi
    return inches + (tick.get_tick_padding() + tick.get_pad()) * POINT


def _x_label_height(ax: Any, renderer: Any) -> float:
    """Inches below the panel's bottom edge that its x tick labels reach (rotated as they are drawn)."""
    labels = [label for label in ax.get_xticklabels() if label.get_text()]
    if not labels:
        return 0.0
    tick = ax.xaxis.get_major_ticks()[0]
    tallest = max(label.get_window_extent(renderer).height for label in labels) / ax.figure.dpi
    return tallest + (tick.get_tick_padding() + tick.get_pad()) * POINT


def _lines_height(texts: list[Text], renderer: Any) -> float:
    """Inches the title of most lines among `texts` takes (a panel's title adds the pad it is drawn at
    above its panel)."""
    shown = [text for text in texts if text.get_text()]
    if not shown:
        return 0.0
    text = max(shown, key=lambda t: t.get_text().count("\n"))
    pad = rcParams["axes.titlepad"] * POINT if text.axes is not None else 0.0
    return text.get_window_extent(renderer).height / text.figure.dpi + pad
