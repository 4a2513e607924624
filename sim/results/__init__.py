"""The results floor: one folder per run, its layout, file names, manifest schema, atomic writes,
checksums, scans and liveness, written so that a crash never leaves a half-truth. The runner
(sim.run) writes these folders; analysis, the report, balance and the dashboard read them, each
through this package and never through the runner.

```
results/<run>/
  manifest.json                                  what was run, with which code and data, and how far
  .lock                                          held (flock) by the one process writing the run, which
                                                 records itself in it (sim.results.liveness: pid, host, start)
  games/config=<id>/chunk-<unit_start:012d>.parquet   one row per game
  cards/config=<id>/chunk-<unit_start:012d>.parquet   per-(side, card) counters of that chunk
  chunks/config=<id>/chunk-<unit_start:012d>.json     rows, bytes and SHA-256 of the chunk's two files
  summaries/<name>-<key>/                         analysis tables of the finished run (sim.results.summaries):
                                                 derived, removable, recomputed whenever they are stale
```
The counters' meanings are ANALYTICS.md's card-impact definitions (the contract: GP, OH, GD, GIH =
OH + GD and GNS of the deck a game started with, draws after a re-draft apart); sim.core.records
names them and sim.analysis.card_impact reads them.
Why it is shaped like this:
- Every file is written to a temp file in its own folder and then renamed over its final name
  (os.replace is atomic on one filesystem), so readers and reruns only ever see whole files.
- A chunk is done when its record exists and both files match it (rows, bytes, SHA-256): the games
  file is written first, the cards file next and the record last, so a crash anywhere leaves a chunk
  that is simply played again, and a file damaged later (truncated, edited, half-copied) is found by
  the next rerun, which plays that chunk again, and by every reader (`damaged_chunks`), which says
  which chunk is damaged and that rerunning the run's command repairs it.
- The manifest carries a hash of what identifies the run (spec, ruleset, seed, games, configs):
  a hand-edited manifest no longer matches it and is refused, never read as truth.
- A rerun of the same experiment skips the finished chunks. Units are pure functions of
  (spec, seed, unit), so the resumed run ends byte-for-byte like an uninterrupted one.
- A folder holding a different experiment (spec, cards or parameters changed) is refused, never
  mixed into; `--overwrite` replaces it, but only after the new spec has fully validated.
- Every check that can refuse runs before anything is created or changed, so bad input leaves
  results/ exactly as it was: that includes the place itself (a --results under a file, under a
  folder that does not exist, or on a read-only disk is refused by name, not met as a traceback).
- Manifests are strict JSON (no NaN or Infinity): the specs that reach them refuse non-finite
  numbers, and the writer refuses them again rather than write a file other tools cannot read.

Modules: `folder` (names, places, chunk checksums), `manifest` (schema, identity, reading, the
refusal of another experiment), `liveness` (the writer's lock and heartbeat), `atomic_files`,
`scans` (lazy reads of the chunks), `summaries` (kept analysis tables), `resuming` (the command that
resumes a run).
"""
