"""The metrics figure's grid: laid out from a few measured labels, every label still clear of the others."""

from __future__ import annotations

import itertools

import pytest

from simulate.report.grid_layout import lay_out_grid
from simulate.report.plotting import plt, speaking

LABELS = ["default", "shared_colours+specials8", "goal5+tokens0"]


def _grid(lang: str, constrained: bool = False) -> tuple[plt.Figure, list]:
    with speaking(lang):
        layout = "constrained" if constrained else None
        fig, axes = plt.subplots(3, 3, figsize=(10, 8.6), squeeze=False, layout=layout)
        for k, ax in enumerate(axes.flat[:8]):
            ax.bar(range(3), [1.0, 10.0 ** (k - 2), -3.0 if k % 2 else 0.5])  # narrow to wide y labels
            ax.set_xticks(range(3))
            ax.set_xticklabels(LABELS, fontsize=6, rotation=30, ha="right")
            ax.set_title("首位の交代" if lang == "ja" else f"lead changes {k}", fontsize=9)
        axes[2][2].axis("off")
        title = fig.suptitle("United Square: game figures\ndefault vs board7 | 2p | 500 games", fontsize=9)
        if not constrained:
            lay_out_grid(fig, axes, title)
        fig.canvas.draw()
    return fig, axes


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_panels_labels_and_the_heading_are_inside_the_figure_and_clear_of_each_other(lang):
    fig, axes = _grid(lang)
    renderer = fig.canvas.get_renderer()
    boxes = [fig._suptitle.get_window_extent(renderer)]
    boxes += [ax.get_tightbbox(renderer) for ax in axes.flat if ax.axison]  # ticks, labels and title
    for box in boxes:
        assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1
        assert fig.bbox.y0 <= box.y0 and box.y1 <= fig.bbox.y1
    for a, b in itertools.combinations(boxes, 2):
        assert not a.overlaps(b)
    plt.close(fig)


def test_the_panels_take_the_room_the_labels_leave():
    """Not a layout that is merely safe: the panels keep about the room matplotlib's constrained layout
    (which measures every label, and which this replaced) leaves them."""
    area = []
    for constrained in (False, True):
        fig, axes = _grid("en", constrained)
        area.append(sum(ax.get_position().width * ax.get_position().height for ax in axes.flat))
        plt.close(fig)
    assert area[0] >= 0.95 * area[1]
