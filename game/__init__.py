"""Tsuro of the Seas and Tatsu: rules engines, drawing, bots and the web page.

`game.core` holds what both games share; `game.tsuro` and `game.tatsu` are the two
rules engines (pure standard-library Python, run unchanged in Pyodide).
"""
