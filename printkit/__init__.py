"""printkit: print-and-play PDFs of a game's components, drawn from its data file."""
