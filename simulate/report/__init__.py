"""What a run writes: the report's pages and figures (PDF, HTML, PNG), its JSON and CSV summaries, and
the ladder's table and figure."""
