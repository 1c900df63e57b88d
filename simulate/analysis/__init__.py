"""What a run's games say, in numbers: tallies, statistics, balance measures, comparisons between arms,
skill levels, ratings, and the verdict (its findings and sentences)."""
