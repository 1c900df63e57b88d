"""The data file: its schema, its checks table by table and a game's rule set, the printed texts and
templates, the layout tables, the registry of game folders, the loader and the reference page."""
