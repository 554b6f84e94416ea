"""The balance lab (``towersim lab``): tournaments of bot games, each exactly a
``towersim play GAME --headless`` game, run serially, on a spawn process pool or on a
Dask cluster, with every finished game appended to a resumable results store
(docs/lab.md)."""
