"""Research tools kept in the repository, never shipped to the page: fitting the hard Tsuro
bot's weights by experiment (`fit_marks`, `fit_leaf`) and the benchmarks of page load time
(`bench`, with its bare PyScript page `bare.html`) and of the bots' thinking time
(`bench_bots`). Each runs as `python3 -m lab.NAME`; they import the game from `game`.
"""
