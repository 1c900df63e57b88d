"""The piece contract between a game's drawing and the imposition, pieces' cut outlines, distinct faces,
and the generic backs of pieces."""
