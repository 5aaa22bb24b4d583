"""Tests of the Tsuro of the Seas rules engine (game/tsuro)."""
