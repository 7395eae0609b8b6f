"""Born of Titans (2-4 players): Heroes of the Greek myths on Quests around the Mediterranean."""
